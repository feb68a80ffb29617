// Typed errors of the account worker. They cross the worker boundary as
// `{ name, message }` (Comlink keeps an error's name and message, not its
// class), and the caller's side revives the class from the name with
// `reviveAccountError`, as `shared/crypto` does for its own errors.
// See: [Note: Crypto errors are identified by a literal name]
//
// This module loads no libsodium, so the UI thread may import it.

import { reviveCryptoError } from "../../crypto/errors";
import { CairnError } from "../errors";

/** The password does not unwrap the master key (spec §8 'incorrect password'). */
export class IncorrectPasswordError extends CairnError {
  override name = "IncorrectPasswordError" as const;
  constructor(options?: ErrorOptions) {
    super("incorrectPassword", options);
  }
}

/**
 * A well-formed recovery key (24 words or 64 hex digits) that does not unwrap
 * this account's master key or second-factor secret. A malformed one is the
 * crypto layer's `InvalidRecoveryKeyError`.
 */
export class IncorrectRecoveryKeyError extends CairnError {
  override name = "IncorrectRecoveryKeyError" as const;
  constructor(options?: ErrorOptions) {
    super("unknownError", options);
  }
}

/** The worker holds no master key (never unlocked in this tab, or locked by logout). */
export class AccountLockedError extends CairnError {
  override name = "AccountLockedError" as const;
  constructor() {
    super("keyMissing");
  }
}

/**
 * A step ran out of order: an SRP proof without a started exchange, a sealed
 * token without a key pair, an SRP setup without a freshly derived KEK.
 */
export class AccountStepOrderError extends CairnError {
  override name = "AccountStepOrderError" as const;
  readonly step: string;
  constructor(step: string) {
    super("unknownError");
    this.step = step;
    this.message = `Account worker step out of order: ${step}`;
  }
}

const accountErrorClasses = {
  IncorrectPasswordError: () => new IncorrectPasswordError(),
  IncorrectRecoveryKeyError: () => new IncorrectRecoveryKeyError(),
  AccountLockedError: () => new AccountLockedError(),
  AccountStepOrderError: (message: string) =>
    new AccountStepOrderError(message.replace(/^Account worker step out of order: /, "")),
} satisfies Record<string, (message: string) => CairnError>;

export type AccountErrorName = keyof typeof accountErrorClasses;

const isAccountErrorName = (name: unknown): name is AccountErrorName =>
  typeof name === "string" && Object.hasOwn(accountErrorClasses, name);

/**
 * The typed error that `error` stands for after crossing the worker boundary:
 * an account error or a crypto error revived from its name, or `error`
 * unchanged when it is neither.
 */
export const reviveAccountError = (error: unknown): unknown => {
  if (error instanceof CairnError) return error;
  if (typeof error === "object" && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (isAccountErrorName(name)) {
      return accountErrorClasses[name](typeof message === "string" ? message : "");
    }
  }
  return reviveCryptoError(error);
};
