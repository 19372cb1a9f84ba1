// slowmo: slow motion. One beat at a time at a readable pace, with the diagram, the story list and the
// caption in step: the loop asks the core for exactly one beat (kubeplay.stepBeat runs virtual time to its
// end), lets the diagram draw it, and only then asks for the next. Virtual time therefore waits for the
// animation; no hop is skipped. The speed select sets the pace (1× ≈ 1.1 s a beat). Slow motion is a toggle
// in the control bar and is switched on while a lesson's step plays.

import * as bus from './bus.js';
import * as snapshot from './snapshot.js';
import { isNews } from './relay.js';

export class SlowMotion {
  /**
   * @param {import('../api.js').Kubeplay} kp window.kubeplay
   * @param {{diagram: any, story: any, caption: any}} views
   */
  constructor(kp, views) {
    this.kp = kp;
    this.views = views;
    this.on = false;
    this.playing = false;
    this.run = 0; // bumped to stop a running loop
    /** @type {(playing: boolean) => void} the control bar's: slow motion plays or stopped */
    this.onState = () => {};
    this.stepQueue = [];
    // Beats a Step left for its next presses land at once when anything else moves on.
    const landSteps = () => { if (this.stepQueue.length) this.land(this.stepQueue.splice(0)); };
    kp.on('state', (st) => { if (st && st.playing) landSteps(); });
    kp.on('applied', landSteps);
    this.landSteps = landSteps;
    const drop = () => { this.stop(); this.stepQueue = []; };
    kp.on('reset', drop);
    bus.on('relay-rebuild', drop);
  }

  setOn(on) {
    this.on = !!on;
    this.views.diagram.slow = this.on;
    if (!this.on) this.stop();
    bus.emit('slowmo', this.on);
  }

  // holdViews makes the story, the caption and the diagram leave the beats the core sends to `held`:
  // slow motion shows them itself, one at a time. Returns the function that releases them.
  holdViews(held) {
    const { diagram, story, caption } = this.views;
    const ignore = () => {};
    diagram.hold = (batch) => { for (const b of batch) held.push(b); }; // one of the three collects
    story.hold = ignore;
    caption.hold = ignore;
    return () => { diagram.hold = story.hold = caption.hold = null; };
  }

  // showBeat brings one beat on screen everywhere at once and waits until the diagram has drawn it.
  async showBeat(b, pace = 0) {
    const { diagram, story, caption } = this.views;
    story.add([b]);
    if (b.heartbeat && !story.heartbeats) return;
    story.setCurrent(b);
    caption.show(b);
    diagram.enqueue(b, pace);
    await diagram.idle();
  }

  // land shows what is left at once (stopped, or the lesson's step is over).
  land(rest) {
    const { diagram, story } = this.views;
    story.add(rest);
    for (const b of rest) diagram.settle(b);
  }

  /**
   * play runs beats one at a time until stopped, until the core has nothing more to do (5 virtual minutes
   * without a hand-off), or until virtual time `until`. Each beat the core sends is shown and drawn before
   * the core is asked for the next one.
   */
  async play(until = Infinity) {
    if (this.playing) return;
    this.landSteps();
    const run = ++this.run;
    this.playing = true;
    this.onState(true);
    const held = [];
    const release = this.holdViews(held);
    this.views.diagram.slow = true;
    try {
      await this.kp.pause();
      await this.views.diagram.idle();
      while (this.run === run) {
        if (!held.length) {
          if (this.kp.now() >= until) break;
          const b = await this.kp.stepBeat();
          if (this.run !== run) break;
          if (!b) { this.views.caption.quiet(); break; }
          snapshot.refresh(true);
          continue;
        }
        await this.showBeat(held.shift());
      }
    } finally {
      release();
      this.land(held.splice(0));
      this.views.diagram.slow = this.on;
      if (this.run === run) {
        this.playing = false;
        this.onState(false);
      }
    }
  }

  stop() {
    if (!this.playing) return;
    this.run++;
    this.playing = false;
    this.views.diagram.slow = this.on;
    this.onState(false);
  }

  /**
   * present plays beats that the core has already run (a lesson step runs at once on the virtual clock):
   * while `work` runs, the story, the caption and the diagram hold the beats it makes; then they are shown
   * one at a time, each waiting for the diagram, at most about 45 s for the whole step. stop() shows the
   * rest at once. Resolves with what work resolved.
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  async present(work) {
    this.stop();
    this.landSteps();
    const held = [];
    const release = this.holdViews(held);
    let result;
    try {
      result = await work();
    } finally {
      release();
    }
    const beats = held.filter(isNews);
    const shown = beats.filter((b) => !b.heartbeat).length;
    const run = ++this.run;
    this.playing = true;
    this.onState(true);
    const { diagram } = this.views;
    diagram.slow = true;
    const pace = Math.max(150, Math.min(diagram.beatMs(), 45000 / Math.max(1, shown)));
    try {
      while (beats.length && this.run === run) await this.showBeat(beats.shift(), pace);
    } finally {
      this.land(beats);
      diagram.slow = this.on;
      if (this.run === run) {
        this.playing = false;
        this.onState(false);
      }
    }
    return result;
  }

  /**
   * stepOne shows exactly one more beat. Beats the core already ran in the same instant (one sim event can
   * make several hand-offs) wait for the next presses; only then is the core asked to run on.
   */
  async stepOne() {
    this.stop();
    await this.kp.pause();
    if (!this.stepQueue?.length) {
      const held = [];
      const release = this.holdViews(held);
      let b;
      try {
        b = await this.kp.stepBeat();
      } finally {
        release();
      }
      if (!b) {
        this.land(held);
        this.views.caption.quiet();
        return null;
      }
      this.stepQueue = held;
      snapshot.refresh(true);
    }
    // Heartbeats in front land at once; the first hand-off is this press's beat.
    while (this.stepQueue.length && this.stepQueue[0].heartbeat) this.land([this.stepQueue.shift()]);
    const b = this.stepQueue.shift();
    if (b) await this.showBeat(b);
    return b || null;
  }
}
