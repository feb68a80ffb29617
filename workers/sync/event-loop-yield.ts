// Giving a worker's event loop a turn in the middle of long synchronous work.

/**
 * Resolves once the event loop has run the tasks already queued (a message
 * posted to a fresh channel lands behind them). Unlike `setTimeout(0)`,
 * which browsers clamp to 4 ms when nested, this costs no idle time, so a
 * loop may call it often. Works in browsers' workers and in Node.
 */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

/**
 * A loop's pacer: `maybeYield()` yields to the event loop once `sliceMs`
 * have passed since the last turn, and otherwise returns at once.
 */
export const eventLoopPacer = (sliceMs: number, now: () => number = () => performance.now()) => {
  let sliceStartMs = now();
  return async (): Promise<void> => {
    if (now() - sliceStartMs < sliceMs) return;
    await yieldToEventLoop();
    sliceStartMs = now();
  };
};
