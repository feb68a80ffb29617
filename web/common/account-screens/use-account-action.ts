import { useCallback, useRef, useState } from "react";
import type { MessageId } from "../i18n/messages";
import { log } from "../log/log";
import { accountErrorMessageId, type AccountStepKind } from "./account-error";

export interface AccountAction<A extends unknown[]> {
  /** Runs the step; a failure becomes `errorId`, never an exception. */
  run: (...args: A) => Promise<void>;
  busy: boolean;
  errorId: MessageId | undefined;
  setErrorId: (id: MessageId | undefined) => void;
}

/**
 * One step of an account screen (submit a code, a password, ...): tracks
 * whether it is running and the message of its last failure. A second
 * submit while one runs is ignored.
 */
export function useAccountAction<A extends unknown[]>(
  step: AccountStepKind,
  action: (...args: A) => Promise<void>,
): AccountAction<A> {
  const [busy, setBusy] = useState(false);
  const [errorId, setErrorId] = useState<MessageId | undefined>();
  const running = useRef(false);

  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setErrorId(undefined);
      try {
        await action(...args);
      } catch (e) {
        log.error(`Account step failed (${step})`, e);
        setErrorId(accountErrorMessageId(e, step));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [step, action],
  );
  return { run, busy, errorId, setErrorId };
}
