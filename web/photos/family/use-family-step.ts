import { useCallback, useRef, useState } from "react";
import type { MessageId } from "../../common/i18n/messages";
import { log } from "../../common/log/log";
import { familyErrorMessageId, type FamilyStep } from "./family-errors";

export interface FamilyStepState<A extends unknown[]> {
  /** Runs the step; a failure becomes `errorId`, never an exception. */
  run: (...args: A) => Promise<void>;
  busy: boolean;
  errorId: MessageId | undefined;
}

/** One step of the family page: whether it runs, and the message of its last failure. */
export function useFamilyStep<A extends unknown[]>(
  step: FamilyStep,
  action: (...args: A) => Promise<void>,
): FamilyStepState<A> {
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
        log.error(`Family step failed (${step})`, e);
        setErrorId(familyErrorMessageId(e, step));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [step, action],
  );
  return { run, busy, errorId };
}
