import { describe, expect, it } from "vitest";
import { DecryptionError, InvalidRecoveryKeyError } from "../../../../shared/crypto/errors";
import {
  IncorrectPasswordError,
  IncorrectRecoveryKeyError,
} from "../../../../shared/model/accounts/account-errors";
import {
  ApiError,
  BadRequestError,
  CairnError,
  ClientError,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
  ServerError,
  TokenExpiredError,
  TooManyRequestsError,
} from "../../../../shared/model/errors";
import {
  accountErrorKind,
  accountErrorMessageId,
  type AccountErrorKind,
  type AccountStepKind,
} from "./account-error";
import { PasskeyCancelledError, PasskeyUnsupportedError } from "../passkeys/passkey-ceremony";

describe("accountErrorKind", () => {
  const cases: [string, unknown, AccountStepKind, AccountErrorKind][] = [
    [
      "the catalogue's incorrect password",
      new CairnError("incorrectPassword"),
      "password",
      "incorrect-password",
    ],
    [
      "the worker's IncorrectPasswordError",
      new IncorrectPasswordError(),
      "password",
      "incorrect-password",
    ],
    [
      "a 401 to an SRP proof",
      new TokenExpiredError({ status: 401 }),
      "password",
      "incorrect-password",
    ],
    ["a 401 to a code", new TokenExpiredError({ status: 401 }), "check-code", "wrong-code"],
    ["a 410 to a code", new TokenExpiredError({ status: 410 }), "check-code", "expired-code"],
    [
      "a 429 to a code",
      new TooManyRequestsError({ status: 429 }),
      "check-code",
      "too-many-attempts",
    ],
    [
      "too many wrong SRP attempts",
      new ApiError({ status: 410, code: "TOO_MANY_WRONG_ATTEMPTS", message: "x" }),
      "password",
      "too-many-attempts",
    ],
    [
      "a sign-up of a known email",
      new ApiError({ status: 409, code: "USER_ALREADY_REGISTERED", message: "x" }),
      "send-code",
      "already-registered",
    ],
    [
      "a login of an unknown email",
      new ApiError({ status: 404, code: "USER_NOT_REGISTERED", message: "x" }),
      "send-code",
      "not-registered",
    ],
    [
      "a 404 carrying the server's code",
      new NotFoundError({ status: 404, code: "USER_NOT_REGISTERED" }),
      "send-code",
      "not-registered",
    ],
    [
      "a login of an unfinished sign-up",
      new ApiError({ status: 404, code: "USER_SIGNUP_INCOMPLETE", message: "x" }),
      "send-code",
      "signup-incomplete",
    ],
    ["a change to a taken email", new ClientError({ status: 403 }), "send-code", "email-taken"],
    [
      "a sign-up while the server's registration is closed",
      new ApiError({ status: 403, code: "REGISTRATION_CLOSED", message: "x" }),
      "send-code",
      "registration-closed",
    ],
    [
      "a malformed recovery key",
      new InvalidRecoveryKeyError("bad"),
      "recovery-key",
      "invalid-recovery-key",
    ],
    [
      "a recovery key that does not open the master key",
      new IncorrectRecoveryKeyError(),
      "recovery-key",
      "incorrect-recovery-key",
    ],
    ["a decryption failure", new DecryptionError("bad"), "recovery-key", "unknown"],
    [
      "a 401 on a logged-in call",
      new TokenExpiredError({ status: 401 }),
      "other",
      "session-expired",
    ],
    ["a 401 while sending a code", new TokenExpiredError({ status: 401 }), "send-code", "unknown"],
    ["no answer", new NetworkError(), "other", "network"],
    ["a dismissed passkey prompt", new PasskeyCancelledError(), "other", "passkey-cancelled"],
    ["a browser without WebAuthn", new PasskeyUnsupportedError(), "other", "passkey-unsupported"],
    ["a timeout", new RequestTimeoutError(30_000), "password", "network"],
    ["a 400", new BadRequestError({ status: 400 }), "check-code", "unknown"],
    ["a 500", new ServerError({ status: 500 }), "password", "unknown"],
    ["something that is not an error", "oops", "other", "unknown"],
  ];
  it.each(cases)("%s → %s", (_, error, step, expected) => {
    expect(accountErrorKind(error, step)).toBe(expected);
  });
});

describe("accountErrorMessageId", () => {
  it("names the spec's 'incorrect password' message", () => {
    expect(accountErrorMessageId(new CairnError("incorrectPassword"), "password")).toBe(
      "error.incorrectPassword",
    );
  });
  it("falls back to the generic message", () => {
    expect(accountErrorMessageId(new Error("?"), "other")).toBe("error.unknown");
  });
});
