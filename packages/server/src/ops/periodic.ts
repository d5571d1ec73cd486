// A job that every instance runs every so often (the execution-date postings, the evidence's sealer):
// one turn at a time, never two overlapping, and a stop that waits for the turn in flight.

/** Runs `turn` every `everyMs`; a turn that throws is the turn's own business (it logs). */
export function runEvery(everyMs: number, turn: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(turn);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
