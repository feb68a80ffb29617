// What went wrong on the family page, as the page tells it (wire-contract
// §11's refusals). The same status means different things in each step, so
// the mapping takes the step. Nothing here reads `error.message`.

import {
  HttpError,
  NetworkError,
  RequestTimeoutError,
  TokenMissingError,
} from "../../../shared/model/errors";
import type { MessageId } from "../../common/i18n/messages";

/** A step of the family page. */
export type FamilyStep =
  | "load"
  | "create"
  | "invite"
  | "remove"
  | "revoke"
  | "change-limit"
  | "invite-info"
  | "accept"
  | "leave";

/** The steps called with the FAMILIES JWT of the page's link. */
const familiesTokenSteps = new Set<FamilyStep>([
  "load",
  "create",
  "invite",
  "remove",
  "revoke",
  "change-limit",
]);

const inviteSteps = new Set<FamilyStep>(["invite-info", "accept"]);

/** The message of a failed family step. */
export function familyErrorMessageId(error: unknown, step: FamilyStep): MessageId {
  if (error instanceof TokenMissingError) {
    return step === "leave" ? "family.error.loggedOut" : "family.error.noToken";
  }
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) {
    return "family.error.network";
  }
  if (!(error instanceof HttpError)) return "family.error.generic";
  switch (error.status) {
    case 401:
    case 410:
      return familiesTokenSteps.has(step) ? "family.error.linkExpired" : "family.error.loggedOut";
    case 402:
      return "family.error.noSubscription";
    case 403:
      return "family.error.notAdmin";
    case 404:
      if (step === "invite") return "family.error.noAccount";
      if (inviteSteps.has(step)) return "family.error.inviteNotFound";
      return "family.error.memberNotFound";
    case 406:
      return step === "invite" ? "family.error.inviteeInFamily" : "family.error.alreadyInFamily";
    case 409:
      return "family.error.inviteePaid";
    case 412:
      return "family.error.familyFull";
    case 426:
      return "family.error.limitTooHigh";
    case 400:
      if (inviteSteps.has(step)) return "family.error.inviteInvalid";
      if (step === "change-limit") return "family.error.limitBelowUsage";
      if (step === "invite") return "family.error.invalidEmail";
      return "family.error.generic";
    case 429:
      return "family.error.tooManyRequests";
    default:
      return "family.error.generic";
  }
}
