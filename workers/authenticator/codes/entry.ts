// An authenticator entry: the OTP parameters that drive the code generator
// and the display data the user attaches to it (pinned, tags, note...). Also
// the validation shared by every way an entry comes in (an `otpauth://` URI,
// an Aegis or 2FAS file, a Google Authenticator migration payload), so that
// each source refuses the same things with the same typed errors.

import { base32 } from "@scure/base";

export type OtpKind = "totp" | "hotp" | "steam";
export type OtpAlgorithm = "sha1" | "sha256" | "sha512";

export interface OtpParameters {
  kind: OtpKind;
  issuer: string;
  account: string;
  /** RFC 4648 base32, normalized: upper case, no spaces, no padding. */
  secretBase32: string;
  algorithm: OtpAlgorithm;
  /** Code length. See: [Note: Accepted digits and periods] */
  digits: number;
  /** TOTP and Steam step. See: [Note: Accepted digits and periods] */
  periodSeconds: number;
  /** HOTP moving factor (0 for the other kinds). */
  counter: number;
}

/**
 * Ente Auth's display data of a code (the `codeDisplay` URI parameter).
 * See: [Note: codeDisplay is Ente's JSON inside the URI]
 */
export interface CodeDisplay {
  pinned: boolean;
  trashed: boolean;
  tags: string[];
  note: string;
  position?: number;
  /**
   * When the code was last copied, in microseconds since the epoch: Ente's
   * `lastUsedAt` is `DateTime.now().microsecondsSinceEpoch`, kept in its own
   * unit so that a round trip is exact.
   */
  lastUsedAtUs?: number;
  tapCount?: number;
  /** Ente's custom icon: its source ("simpleIcon", "customIcon", "ente"...) and id. */
  iconSrc?: string;
  iconID?: string;
  /** Keys another client wrote that we do not know, kept as they were. */
  unknownKeys?: Record<string, unknown>;
}

export interface AuthenticatorEntry {
  otp: OtpParameters;
  display: CodeDisplay;
  /**
   * URI query parameters we do not know (in order, decoded), written back on
   * format so that another client's data survives our edits.
   */
  unknownUriParams?: (readonly [name: string, value: string])[];
}

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** Why OTP parameters were refused; each maps to a message in the UI. */
export type OtpFieldError =
  | { kind: "unsupported-type"; type: string }
  | { kind: "unknown-algorithm"; algorithm: string }
  | { kind: "missing-secret" }
  | { kind: "secret-not-base32" }
  | { kind: "digits-out-of-range"; digits: string }
  | { kind: "period-out-of-range"; period: string }
  | { kind: "counter-invalid"; counter: string };

// [Note: Accepted digits and periods]
//
// Digits: 4 to 10 for TOTP and HOTP, on input from any source and for our own
// entries alike. RFC 4226 truncates to a 31-bit integer (at most 2147483647,
// ten digits), so 10 is the real ceiling; a few services use 4 or 10 and an
// import must not drop them. The add form may offer the usual 6 to 8 only,
// but one rule for what is valid keeps imports and edits consistent. Steam
// codes are always 5 characters: a `digits` value on a Steam URI is ignored.
//
// Period: 1 to 3600 seconds. Every period in use is 30 or 60 s; an hour is a
// generous ceiling, and anything beyond it is far more likely a typo (or a
// millisecond value) than a real setting.

export const DIGITS_MIN = 4;
export const DIGITS_MAX = 10;
export const STEAM_DIGITS = 5;
export const PERIOD_SECONDS_MIN = 1;
export const PERIOD_SECONDS_MAX = 3600;
/** RFC 6238's default step, also Ente's and Google's. */
export const DEFAULT_PERIOD_SECONDS = 30;
/** RFC 4226's minimum code length, the default of every app. */
export const DEFAULT_DIGITS = 6;

export const emptyCodeDisplay = (): CodeDisplay => ({
  pinned: false,
  trashed: false,
  tags: [],
  note: "",
});

/**
 * Normalizes a base32 secret (upper case; whitespace, as apps show secrets in
 * groups of four, and trailing "=" padding removed) and checks it decodes as
 * RFC 4648 base32. Anything else (other characters, an impossible length) is
 * refused rather than guessed at.
 */
export const normalizeSecretBase32 = (
  secret: string | undefined,
): Result<string, OtpFieldError> => {
  if (secret === undefined) return err({ kind: "missing-secret" });
  const compact = secret.replace(/\s+/g, "").toUpperCase().replace(/=+$/, "");
  if (compact === "") return err({ kind: "missing-secret" });
  return secretBytesOf(compact) === undefined ? err({ kind: "secret-not-base32" }) : ok(compact);
};

// [Note: A secret's unused base32 bits are ignored]
//
// A secret whose length is not a multiple of 8 characters leaves a few bits
// of its last character unused. RFC 4648 wants them zero, but services that
// make random base32 strings (rather than encode random bytes) set them,
// and Google Authenticator, Ente and the otpauth library ignore them: so do
// we, or such a code could be added nowhere but here refused. A length no
// byte count can have (1, 3 or 6 characters in the last group of 8) is a
// truncated or mistyped secret, and is refused.

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** Lengths (mod 8) that no whole number of bytes encodes to. */
const impossibleBase32Remainders = new Set([1, 3, 6]);

/** The bytes of a normalized (unpadded) base32 secret, or undefined if it is not base32. See: [Note: A secret's unused base32 bits are ignored] */
export const secretBytesOf = (secretBase32: string): Uint8Array | undefined => {
  if (!/^[A-Z2-7]+$/.test(secretBase32)) return undefined;
  if (impossibleBase32Remainders.has(secretBase32.length % 8)) return undefined;
  const bytes = new Uint8Array(Math.floor((secretBase32.length * 5) / 8));
  let buffer = 0;
  let bufferedBits = 0;
  let written = 0;
  for (const character of secretBase32) {
    buffer = ((buffer << 5) | base32Alphabet.indexOf(character)) & 0xfff;
    bufferedBits += 5;
    if (bufferedBits >= 8) {
      bufferedBits -= 8;
      bytes[written++] = (buffer >> bufferedBits) & 0xff;
    }
  }
  return bytes;
};

/** Unpadded upper-case base32 of raw secret bytes (Google's migration payload). */
export const secretBase32Of = (bytes: Uint8Array): string =>
  base32.encode(bytes).replace(/=+$/, "");

/** The OTP fields as a source spells them, before validation. */
export interface RawOtpFields {
  type: string;
  issuer: string;
  account: string;
  secret: string | undefined;
  algorithm?: string | undefined;
  digits?: string | number | undefined;
  period?: string | number | undefined;
  counter?: string | number | undefined;
}

const KINDS: Record<string, OtpKind> = { totp: "totp", hotp: "hotp", steam: "steam" };

/**
 * Algorithm names, case-insensitive. Old Ente Auth versions wrote Dart's enum
 * name (`algorithm=Algorithm.sha256`), which Ente still reads; so do we.
 */
const ALGORITHMS: Record<string, OtpAlgorithm> = {
  sha1: "sha1",
  sha256: "sha256",
  sha512: "sha512",
  "algorithm.sha1": "sha1",
  "algorithm.sha256": "sha256",
  "algorithm.sha512": "sha512",
};

/** A whole number written in decimal digits only ("6", not "6.0", "+6" or " 6"). */
const wholeNumberOf = (value: string | number): number | undefined => {
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (!/^\d{1,16}$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
};

const isAbsent = (value: string | number | undefined): value is undefined | "" =>
  value === undefined || value === "";

/** Validates and normalizes OTP fields from any source. */
export const otpParametersFrom = (raw: RawOtpFields): Result<OtpParameters, OtpFieldError> => {
  const kind = KINDS[raw.type.toLowerCase()];
  if (kind === undefined) return err({ kind: "unsupported-type", type: raw.type });

  let algorithm: OtpAlgorithm = "sha1";
  if (!isAbsent(raw.algorithm)) {
    const known = ALGORITHMS[raw.algorithm.toLowerCase()];
    if (known === undefined) return err({ kind: "unknown-algorithm", algorithm: raw.algorithm });
    algorithm = known;
  }

  const secret = normalizeSecretBase32(raw.secret);
  if (!secret.ok) return secret;

  let digits = kind === "steam" ? STEAM_DIGITS : DEFAULT_DIGITS;
  if (kind !== "steam" && !isAbsent(raw.digits)) {
    const n = wholeNumberOf(raw.digits);
    if (n === undefined || n < DIGITS_MIN || n > DIGITS_MAX) {
      return err({ kind: "digits-out-of-range", digits: String(raw.digits) });
    }
    digits = n;
  }

  let periodSeconds = DEFAULT_PERIOD_SECONDS;
  if (!isAbsent(raw.period)) {
    const n = wholeNumberOf(raw.period);
    if (n === undefined || n < PERIOD_SECONDS_MIN || n > PERIOD_SECONDS_MAX) {
      return err({ kind: "period-out-of-range", period: String(raw.period) });
    }
    periodSeconds = n;
  }

  let counter = 0;
  if (kind === "hotp" && !isAbsent(raw.counter)) {
    const n = wholeNumberOf(raw.counter);
    if (n === undefined) return err({ kind: "counter-invalid", counter: String(raw.counter) });
    counter = n;
  }

  return ok({
    kind,
    issuer: raw.issuer,
    account: raw.account,
    secretBase32: secret.value,
    algorithm,
    digits,
    periodSeconds,
    counter,
  });
};

/** "Issuer (account)", or whichever of the two is not empty: how a user recognizes an entry. */
export const entryLabel = ({ issuer, account }: Pick<OtpParameters, "issuer" | "account">) =>
  issuer !== "" && account !== "" ? `${issuer} (${account})` : issuer || account;
