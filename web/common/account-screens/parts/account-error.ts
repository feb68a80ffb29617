// What went wrong in an account step, as the screens tell it to a person.
// The account service throws the typed errors of the catalogue (shared/model)
// and of the crypto layer (shared/crypto); this pure mapping turns them into
// the one message a screen shows. Nothing here reads `error.message`.

import { InvalidRecoveryKeyError } from "../../../../shared/crypto/errors";
import {
  CairnError,
  HttpError,
  NetworkError,
  RequestTimeoutError,
} from "../../../../shared/model/errors";
import {
  IncorrectPasswordError,
  IncorrectRecoveryKeyError,
} from "../../../../shared/model/accounts/account-errors";
import type { MessageId } from "../../i18n/messages";
import { PasskeyCancelledError, PasskeyUnsupportedError } from "../passkeys/passkey-ceremony";

/** The step that failed: the same status means different things in each. */
export type AccountStepKind =
  /** Sending a one-time code to an email address. */
  | "send-code"
  /** Checking a one-time code (email or TOTP). */
  | "check-code"
  /** Anything that proves the password (login, unlock). */
  | "password"
  /** Anything that proves the recovery key. */
  | "recovery-key"
  /** Any other call made with the session token. */
  | "other";

export type AccountErrorKind =
  | "incorrect-password"
  | "wrong-code"
  | "expired-code"
  | "too-many-attempts"
  | "already-registered"
  | "not-registered"
  | "signup-incomplete"
  | "email-taken"
  | "registration-closed"
  | "invalid-recovery-key"
  | "incorrect-recovery-key"
  | "passkey-cancelled"
  | "passkey-unsupported"
  | "session-expired"
  | "network"
  | "unknown";

/** Spec §8: the incorrect-password error, whichever layer raised it. */
const isIncorrectPassword = (error: unknown): boolean =>
  error instanceof IncorrectPasswordError ||
  (error instanceof CairnError && error.key === "incorrectPassword");

/** Classify `error`, thrown by the account service during a `step`. */
export function accountErrorKind(error: unknown, step: AccountStepKind): AccountErrorKind {
  if (isIncorrectPassword(error)) return "incorrect-password";
  if (error instanceof PasskeyCancelledError) return "passkey-cancelled";
  if (error instanceof PasskeyUnsupportedError) return "passkey-unsupported";
  if (error instanceof InvalidRecoveryKeyError) return "invalid-recovery-key";
  if (error instanceof IncorrectRecoveryKeyError) return "incorrect-recovery-key";
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) return "network";
  // The server's code rides on every HTTP error class (see: [Note: Status
  // mapping before API codes]), e.g. a 404 NotFoundError with USER_NOT_REGISTERED.
  if (error instanceof HttpError) {
    switch (error.code) {
      case "USER_ALREADY_REGISTERED":
        return "already-registered";
      case "USER_NOT_REGISTERED":
        return "not-registered";
      case "USER_SIGNUP_INCOMPLETE":
        return "signup-incomplete";
      case "TOO_MANY_WRONG_ATTEMPTS":
        return "too-many-attempts";
      case "REGISTRATION_CLOSED":
        return "registration-closed";
    }
  }
  if (error instanceof HttpError) {
    if (error.status === 429) return "too-many-attempts";
    switch (step) {
      case "check-code":
        // wire-contract §2.1: a wrong code is 401, no active code is 410.
        if (error.status === 401) return "wrong-code";
        if (error.status === 410) return "expired-code";
        break;
      case "password":
        // wire-contract §2.2: a wrong SRP proof is 401.
        if (error.status === 401) return "incorrect-password";
        break;
      case "send-code":
        // wire-contract §2.1: a change to an address already in use is 403.
        if (error.status === 403) return "email-taken";
        break;
      case "recovery-key":
      case "other":
        if (error.status === 401) return "session-expired";
        break;
    }
  }
  return "unknown";
}

const messageIds: Record<AccountErrorKind, MessageId> = {
  "incorrect-password": "error.incorrectPassword",
  "wrong-code": "account.error.wrongCode",
  "expired-code": "account.error.expiredCode",
  "too-many-attempts": "account.error.tooManyAttempts",
  "already-registered": "account.error.alreadyRegistered",
  "not-registered": "account.error.notRegistered",
  "signup-incomplete": "account.error.signupIncomplete",
  "email-taken": "account.error.emailTaken",
  "registration-closed": "account.error.registrationClosed",
  "invalid-recovery-key": "account.error.invalidRecoveryKey",
  "incorrect-recovery-key": "account.error.incorrectRecoveryKey",
  "passkey-cancelled": "account.error.passkeyCancelled",
  "passkey-unsupported": "account.error.passkeyUnsupported",
  "session-expired": "error.sessionExpired",
  network: "error.network",
  unknown: "error.unknown",
};

/** The message a screen shows for `error` thrown during `step`. */
export const accountErrorMessageId = (error: unknown, step: AccountStepKind): MessageId =>
  messageIds[accountErrorKind(error, step)];
