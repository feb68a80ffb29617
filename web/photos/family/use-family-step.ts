import { useCallback } from "react";
import { type StepState, useStep } from "../../common/account-screens/parts/use-account-action";
import { familyErrorMessageId, type FamilyStep } from "./family-errors";

export type FamilyStepState<A extends unknown[]> = StepState<A>;

/** One step of the family page: whether it runs, and the message of its last failure. */
export function useFamilyStep<A extends unknown[]>(
  step: FamilyStep,
  action: (...args: A) => Promise<void>,
): FamilyStepState<A> {
  const messageIdOf = useCallback((e: unknown) => familyErrorMessageId(e, step), [step]);
  return useStep(`Family step (${step})`, messageIdOf, action);
}
