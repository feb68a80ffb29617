// [Note: A crashing server process is replaced, within a budget]
//
// With several server processes ([Note: Several server processes share the
// ports]), the primary replaces a process that exits unexpectedly (a crash,
// an out-of-memory kill, a `kill -9`): the others keep serving meanwhile and
// the replacement takes its share of connections once it listens. A process
// that cannot start at all (a port taken, a database refusing connections,
// a broken migration) would otherwise be replaced forever, filling the log
// and hiding the cause, so the replacements have a budget: more than
// `maxExits` unexpected exits within `windowMs` and the primary gives up,
// stops the remaining processes and exits with an error, for the service
// manager to report (and restart with its own back-off).

export interface RestartBudget {
  /** Records an unexpected exit at `nowMs`; false when the budget is spent. */
  allowsRestartAfterExit(nowMs: number): boolean;
}

export const restartBudgetDefaults = { maxExits: 5, windowMs: 60_000 } as const;

export const createRestartBudget = ({
  maxExits,
  windowMs,
}: { maxExits: number; windowMs: number } = restartBudgetDefaults): RestartBudget => {
  const exitTimesMs: number[] = [];
  return {
    allowsRestartAfterExit(nowMs) {
      exitTimesMs.push(nowMs);
      while (exitTimesMs.length > 0 && (exitTimesMs[0] ?? nowMs) <= nowMs - windowMs) {
        exitTimesMs.shift();
      }
      return exitTimesMs.length <= maxExits;
    },
  };
};
