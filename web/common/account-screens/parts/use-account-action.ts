import { useCallback, useRef, useState } from "react";
import type { MessageId } from "../../i18n/messages";
import { log } from "../../log/log";
import { accountErrorMessageId, type AccountStepKind } from "./account-error";

export type AccountAction<A extends unknown[]> = StepState<A>;

/** A step's state: whether it runs and the message of its last failure. */
export interface StepState<A extends unknown[]> {
  /** Runs the step; a failure becomes `errorId`, never an exception. */
  run: (...args: A) => Promise<void>;
  busy: boolean;
  errorId: MessageId | undefined;
  setErrorId: (id: MessageId | undefined) => void;
}

/**
 * One step of a screen (submit a code, a password, an invite...): tracks
 * whether it is running and the message of its last failure, which
 * `messageIdOf` names (logged as `label`). A second submit while one runs
 * is ignored.
 */
export function useStep<A extends unknown[]>(
  label: string,
  messageIdOf: (error: unknown) => MessageId,
  action: (...args: A) => Promise<void>,
): StepState<A> {
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
        log.error(`${label} failed`, e);
        setErrorId(messageIdOf(e));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [label, messageIdOf, action],
  );
  return { run, busy, errorId, setErrorId };
}

/** One step of an account screen; see `useStep`. */
export function useAccountAction<A extends unknown[]>(
  step: AccountStepKind,
  action: (...args: A) => Promise<void>,
): AccountAction<A> {
  const messageIdOf = useCallback((e: unknown) => accountErrorMessageId(e, step), [step]);
  return useStep(`Account step (${step})`, messageIdOf, action);
}
