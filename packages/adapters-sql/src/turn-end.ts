/**
 * One end of turn for every batch of the process (TurnBatches, the workers' rate-limit messages): work queued while
 * the event loop reads its sockets runs in the check phase that follows; work queued by what that work resolved runs
 * after those continuations, still in the same check phase, instead of a whole turn later.
 *
 * Why: a batch often waits for another. A SQLite request reads the engine's change counter at the end of the turn, and
 * only then asks a worker's supervisor for its count. A second `setImmediate` from inside the check phase would wait
 * for the next turn, after the loop had read and parsed whatever arrived meanwhile: measured, two workers then gained
 * nothing from a cheaper request.
 */
const queued: Array<() => void> = [];
let scheduled = false;

export function atTurnEnd(work: () => void): void {
  queued.push(work);
  if (!scheduled) {
    scheduled = true;
    setImmediate(runQueued);
  }
}

function runQueued(): void {
  let failure: { error: unknown } | undefined;
  for (const work of queued.splice(0)) {
    try {
      work();
    } catch (error) {
      failure ??= { error };
    }
  }
  // Continuations of what just ran are microtasks, and a tick queued from one runs only after every microtask has
  // (Node drains the microtask queue before it looks at ticks again): whatever they queue meanwhile runs then.
  queueMicrotask(() =>
    process.nextTick(() => {
      if (queued.length > 0) runQueued();
      else scheduled = false;
    }),
  );
  // Thrown as from any callback of the loop, once the rest has run and the next round is set.
  if (failure) throw failure.error;
}
