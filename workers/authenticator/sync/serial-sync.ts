// Running syncs one at a time.

/** A run that is called again while it runs. */
export interface SerialRun<T> {
  (): Promise<T>;
  /** Settles when no run is running or waiting. */
  idle(): Promise<void>;
}

/**
 * `run`, one at a time: a call while it runs waits for it and then shares
 * one more run with every other call made meanwhile (whatever they wanted
 * to send or pull by then, that run sees it).
 */
export const serialSync = <T>(run: () => Promise<T>): SerialRun<T> => {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const started = run().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };

  const call = (): Promise<T> => {
    if (running === undefined) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };

  const idle = async (): Promise<void> => {
    while (running !== undefined || next !== undefined) {
      await (next ?? running)?.catch(() => undefined);
    }
  };

  return Object.assign(call, { idle });
};
