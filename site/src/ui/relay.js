// relay: what the story view, the diagram, slow motion and the timeline share about the session's time.
// startT is the virtual time at which the cluster was up (ready or the last reset): what happened before
// it is start-up, not news. maxT is the furthest virtual time this branch of history has reached (the
// timeline's right end; a seek back keeps it, a new input after a seek back ends the branch there).
// records indexes the retained trace records by seq, for opening a beat into its raw records.

const MAX_RECORDS = 20000;

export const relay = {
  startT: 0,
  // startSeq is the last beat of the start-up: a beat after it is news, even at startT itself (an Apply made
  // while the clock has not moved since ready). A rebuild replays the same history, so it keeps its seqs.
  startSeq: 0,
  maxT: 0,
  /** @type {Map<number, any>} */
  records: new Map(),
};

/**
 * track keeps relay in step with window.kubeplay: call once with the API object.
 * @param {import('../api.js').Kubeplay} kp
 */
export function track(kp) {
  const lastSeq = () => kp.beats().at(-1)?.seq ?? 0;
  const restart = () => {
    relay.startT = kp.now();
    relay.startSeq = lastSeq();
    relay.maxT = relay.startT;
    relay.records.clear();
  };
  kp.on('ready', restart);
  // A new cluster: its first answer's clock (after its start-up) becomes startT.
  kp.on('reset', () => { relay.records.clear(); relay.startT = 0; relay.startSeq = 0; relay.maxT = 0; });
  kp.on('tick', (e) => {
    const now = typeof e === 'number' ? e : e?.now;
    if (Number.isFinite(now) && now > relay.maxT) relay.maxT = now;
    // The first answer after a reset carries the new cluster's clock.
    if (relay.startT === 0 && Number.isFinite(now)) { relay.startT = now; relay.startSeq = lastSeq(); relay.maxT = now; }
  });
  kp.on('traces', (recs) => {
    for (const r of recs) relay.records.set(r.seq, r);
    if (relay.records.size > MAX_RECORDS) {
      const drop = relay.records.size - MAX_RECORDS;
      let i = 0;
      for (const k of relay.records.keys()) { if (i++ >= drop) break; relay.records.delete(k); }
    }
  });
  return restart;
}

/**
 * isNews reports whether a beat came after the cluster's start-up (the learner's doing, or what followed it).
 * @param {{seq: number}} b
 */
export const isNews = (b) => b.seq > relay.startSeq;

/** recordsOf returns the retained trace records of a beat, in order. */
export function recordsOf(b) {
  const out = [];
  for (const seq of b?.records || []) {
    const r = relay.records.get(seq);
    if (r) out.push(r);
  }
  return out;
}
