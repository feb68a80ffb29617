// Timers of the account service, injected so that tests control time.

import { RequestCanceledError } from "../../../shared/model/errors";

export interface AccountTimers {
  /** Calls `callback` after `delayMs`; the returned function cancels it. */
  setTimeout(callback: () => void, delayMs: number): () => void;
}

/** `sleep(delayMs, signal)`: resolves after `delayMs`, or rejects with `RequestCanceledError` on abort. */
export const abortableSleep =
  (timers: AccountTimers) =>
  (delayMs: number, signal: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new RequestCanceledError({ cause: signal.reason }));
        return;
      }
      const onAbort = () => {
        cancel();
        reject(new RequestCanceledError({ cause: signal.reason }));
      };
      const cancel = timers.setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, delayMs);
      signal.addEventListener("abort", onAbort, { once: true });
    });
