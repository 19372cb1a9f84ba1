// slowmo: slow motion. One beat at a time at a readable pace, with the diagram, the story list and the
// caption in step: the loop asks the core for exactly one beat (kubeplay.stepBeat runs virtual time to its
// end), lets the diagram draw it, and only then asks for the next. Virtual time therefore waits for the
// animation; no hop is skipped. The speed select sets the pace (1× ≈ 1.1 s a beat). Slow motion is a toggle
// in the control bar and is switched on while a lesson's step plays.

import * as bus from './bus.js';
import * as snapshot from './snapshot.js';

export class SlowMotion {
  /**
   * @param {any} kp window.kubeplay
   * @param {{diagram: any, story: any, caption: any}} views
   */
  constructor(kp, views) {
    this.kp = kp;
    this.views = views;
    this.on = false;
    this.playing = false;
    this.run = 0; // bumped to stop a running loop
    this.onState = () => {};
    kp.on('reset', () => this.stop());
    bus.on('relay-rebuild', () => this.stop());
  }

  setOn(on) {
    this.on = !!on;
    this.views.diagram.slow = this.on;
    if (!this.on) this.stop();
    bus.emit('slowmo', this.on);
  }

  /** playBeats plays beats until stopped, until the core has nothing more to do, or until `until` (virtual ms). */
  async play(until = Infinity) {
    if (this.playing) return;
    const run = ++this.run;
    this.playing = true;
    this.onState(true);
    this.views.diagram.slow = true;
    try {
      await this.kp.pause();
      while (this.run === run) {
        await this.views.diagram.idle();
        if (this.run !== run) break;
        if (this.kp.now() >= until) break;
        const b = await this.kp.stepBeat(until === Infinity ? undefined : until);
        if (this.run !== run) break;
        if (!b) { this.views.caption.quiet(); break; }
        this.views.story.setCurrent(b);
        this.views.caption.show(b);
        snapshot.refresh(true);
        await this.views.diagram.idle();
      }
    } finally {
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

  /** stepOne runs exactly one beat and shows it. */
  async stepOne() {
    this.stop();
    await this.kp.pause();
    const b = await this.kp.stepBeat();
    if (b) {
      this.views.story.setCurrent(b);
      this.views.caption.show(b);
      snapshot.refresh(true);
    } else {
      this.views.caption.quiet();
    }
    return b;
  }
}
