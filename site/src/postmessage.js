// postmessage: the postMessage API of an embedded playground; it mirrors window.kubeplay (README "postMessage
// API"). A host page sends {type: "kubeplay:<op>", id, ...} to the iframe's window; the playground answers
// the sending window only, with targetOrigin = event.origin, and only when that origin is allowed: the page's
// own origin, the origins= parameter and <html data-kubeplay-origins>. It never posts to "*". Messages from
// other origins are ignored without an answer (an answer would tell a stranger it is there).
//
//   → {type:"kubeplay:apply", id, yaml, filename?}   ← {type:"kubeplay:result", id, ok:true, output, code, diagnostics}
//   → {type:"kubeplay:run", id, line}                ← {…result, output, code}
//   → {type:"kubeplay:events", id}                   ← {…result, events:[{seq,time,type,reason,object,namespace,source,message,count}]}
//   → {type:"kubeplay:state", id}                    ← {…result, state:{playing,speed,now,scenario,step,steps,seed,files}}
//   → {type:"kubeplay:play", id, speed?} / pause / step / {type:"kubeplay:advance", id, duration:"30s"|ms}
//   → {type:"kubeplay:loadScenario", id, name, seed?} / {type:"kubeplay:runStep", id}
//   → {type:"kubeplay:shareURL", id}                 ← {…result, url}
//   any failure                                      ← {type:"kubeplay:result", id, ok:false, error}
// Once ready the playground announces {type:"kubeplay:ready", version:1} to its parent when the parent's origin is allowed.
// Then it tells that parent, unasked (issue 12), what the learner did and how the lesson goes:
//   ← {type:"kubeplay:step", index, state, attempts, hintsShown, solutionShown, firstPassedAt, passed, failed:[{expectation, got, feedback}]}
//                                                                        a step's record changed (session.js: progress)
//   ← {type:"kubeplay:lesson-complete", name, version, steps, passed, solutionShown, attempts, hintsShown, results}  the last step is done
//   ← {type:"kubeplay:applied", filename, code}                          an apply (editor, API)
//   ← {type:"kubeplay:resize", height}                                   the page's natural height (embed.js)

export const MAX_TEXT = 1 << 20;

const str = (v, max, what) => {
  if (typeof v !== 'string') throw new Error(`${what} must be a string`);
  if (v.length > max) throw new Error(`${what} is longer than ${max} characters`);
  return v;
};

/**
 * handlers maps each op to a function of (message) → answer fields (may be async).
 * @param {import('./api.js').Kubeplay} kp
 * @param {any} session
 */
export function makeHandlers(kp, session) {
  return {
    async apply(m) {
      const r = await kp.applyFile(m.filename === undefined ? 'manifest.yaml' : str(m.filename, 200, 'filename'), str(m.yaml, MAX_TEXT, 'yaml'));
      return { output: r.stdout + r.stderr, code: r.code, diagnostics: r.diagnostics || [] };
    },
    async run(m) {
      const r = await kp.runLine(str(m.line, 10000, 'line'));
      return { output: r.output, code: r.code };
    },
    events() { return { events: kp.events() }; },
    state() { return { state: session.state() }; },
    play(m) {
      kp.play(typeof m.speed === 'number' && Number.isFinite(m.speed) ? m.speed : undefined);
      return { state: session.state() };
    },
    async pause() {
      await kp.pause(); // the state flips at once; this waits for the core's in-flight work
      return { state: session.state() };
    },
    async step() { return { step: await kp.step() }; },
    async advance(m) {
      const d = typeof m.duration === 'number' ? m.duration : str(m.duration, 32, 'duration');
      return { now: await kp.advance(d) };
    },
    async loadScenario(m) {
      await session.openScenario(str(m.name, 100, 'name'), { seed: Number.isSafeInteger(m.seed) ? m.seed : 0 });
      return { state: session.state() };
    },
    async runStep() { return { result: await session.runNextStep() }; },
    async shareURL() { return { url: await session.shareURL() }; },
  };
}

/**
 * installMessageAPI listens for host messages. allowed: exact origins ("https://host[:port]").
 * Returns {stop, announce}.
 */
export function installMessageAPI(kp, session, allowedOrigins) {
  const allowed = new Set(allowedOrigins.filter((o) => o && o !== 'null' && o !== '*'));
  if (globalThis.location && location.origin && location.origin !== 'null') allowed.add(location.origin);
  const handlers = makeHandlers(kp, session);
  const onMessage = async (ev) => {
    if (!allowed.has(ev.origin) || !ev.source) return;
    const m = ev.data;
    if (!m || typeof m !== 'object' || typeof m.type !== 'string' || !m.type.startsWith('kubeplay:')) return;
    const op = m.type.slice('kubeplay:'.length);
    if (op === 'result' || op === 'ready') return;
    const id = typeof m.id === 'string' ? m.id.slice(0, 200) : Number.isFinite(m.id) ? m.id : null;
    const reply = (body) => {
      try {
        ev.source.postMessage({ type: 'kubeplay:result', id, ...body }, ev.origin);
      } catch (_) { /* the host went away, or the answer cannot be cloned */ }
    };
    const fn = Object.prototype.hasOwnProperty.call(handlers, op) ? handlers[op] : null;
    if (!fn) {
      reply({ ok: false, error: `unknown message type ${JSON.stringify(m.type.slice(0, 60))}` });
      return;
    }
    try {
      await kp.ready;
      await session.whenOpen;
      const out = await fn(m);
      reply({ ok: true, ...out });
    } catch (e) {
      reply({ ok: false, error: String(e && e.message ? e.message : e) });
    }
  };
  window.addEventListener('message', onMessage);
  let announced = false;
  // notify posts to the parent only, at its own origin when it is allowed (a mismatched targetOrigin would be
  // dropped by the browser with a console error): ancestorOrigins where the browser has it, else the referrer.
  const notify = (type, body = {}) => {
    if (!window.parent || window.parent === window) return;
    let parentOrigin;
    try {
      parentOrigin = location.ancestorOrigins && location.ancestorOrigins.length ? location.ancestorOrigins[0] : new URL(document.referrer).origin;
    } catch (_) { parentOrigin = ''; }
    if (!allowed.has(parentOrigin)) return;
    try {
      window.parent.postMessage({ ...body, type: `kubeplay:${type}` }, parentOrigin);
    } catch (_) { /* ignore */ }
  };
  return {
    stop: () => window.removeEventListener('message', onMessage),
    announce() {
      announced = true;
      notify('ready', { version: 1 });
    },
    /** notify tells the parent something happened (after the announcement: a host hears nothing before ready). */
    notify(type, body) {
      if (announced) notify(type, body);
    },
    allowed: () => [...allowed],
  };
}
