// The codes of an entry: HOTP (RFC 4226), TOTP (RFC 6238) and Steam Guard,
// computed with WebCrypto's HMAC (in a browser worker and in Node alike).

import { type OtpAlgorithm, type OtpParameters, secretBytesOf } from "./entry";

// [Note: OTP codes with WebCrypto, not otpauth]
//
// `otpauth` (the server's 2FA uses it) computes HOTP and TOTP, but hands back
// only the decimal string; Steam Guard needs the raw 31-bit truncated value,
// written in its own alphabet. Dynamic truncation is a dozen lines, and
// WebCrypto's HMAC is native in both places this runs, so one small function
// serves all three kinds with nothing to bend; it is checked against the
// RFC 4226 and RFC 6238 test vectors and published Steam values.

const HASH_OF: Record<OtpAlgorithm, string> = {
  sha1: "SHA-1",
  sha256: "SHA-256",
  sha512: "SHA-512",
};

/** Steam Guard's code alphabet: 26 characters without look-alikes (no 0/O, 1/I, A, E...). */
export const STEAM_ALPHABET = "23456789BCDFGHJKMNPQRTVWXY";
/** Steam Guard codes are 5 characters, 30 s steps, HMAC-SHA-1. */
const STEAM_CODE_LENGTH = 5;
const STEAM_PERIOD_SECONDS = 30;

export class InvalidSecretError extends Error {
  override name = "InvalidSecretError";
}

/** RFC 4226 §5.3: HMAC of the 8-byte big-endian counter, dynamically truncated to 31 bits. */
export const truncatedHmac = async (
  key: Uint8Array,
  algorithm: OtpAlgorithm,
  counter: number,
): Promise<number> => {
  const message = new Uint8Array(8);
  // A counter is a safe integer (< 2^53), so it splits into two 32-bit halves exactly.
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    // A copy typed over a plain ArrayBuffer, as WebCrypto's typings require.
    new Uint8Array(key),
    { name: "HMAC", hash: HASH_OF[algorithm] },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, message));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
};

const decimalCode = (value: number, digits: number) =>
  String(value % 10 ** digits).padStart(digits, "0");

/** Steam: the truncated value in base 26 of `STEAM_ALPHABET`, least significant character first. */
const steamCode = (value: number) => {
  let code = "";
  let rest = value;
  for (let i = 0; i < STEAM_CODE_LENGTH; i++) {
    code += STEAM_ALPHABET.charAt(rest % STEAM_ALPHABET.length);
    rest = Math.floor(rest / STEAM_ALPHABET.length);
  }
  return code;
};

const keyOf = (otp: OtpParameters): Uint8Array => {
  const key = secretBytesOf(otp.secretBase32);
  // Entries are validated on the way in; this only guards a hand-built one.
  if (key === undefined) throw new InvalidSecretError("The secret is not base32");
  return key;
};

/** The HOTP code of an entry at `counter` (its own counter by default). */
export const hotpCode = async (otp: OtpParameters, counter = otp.counter): Promise<string> =>
  decimalCode(await truncatedHmac(keyOf(otp), otp.algorithm, counter), otp.digits);

export interface TimedCodes {
  code: string;
  /** The code of the next period, shown as the period runs out. */
  nextCode: string;
  periodStartMs: number;
  periodEndMs: number;
}

/** The TOTP or Steam code at `nowMs` and the next period's. */
export const timedCodesAt = async (otp: OtpParameters, nowMs: number): Promise<TimedCodes> => {
  const key = keyOf(otp);
  const isSteam = otp.kind === "steam";
  const periodMs = (isSteam ? STEAM_PERIOD_SECONDS : otp.periodSeconds) * 1000;
  const step = Math.floor(nowMs / periodMs);
  const algorithm = isSteam ? "sha1" : otp.algorithm;
  const codeAt = async (counter: number) => {
    const value = await truncatedHmac(key, algorithm, counter);
    return isSteam ? steamCode(value) : decimalCode(value, otp.digits);
  };
  const [code, nextCode] = await Promise.all([codeAt(step), codeAt(step + 1)]);
  return { code, nextCode, periodStartMs: step * periodMs, periodEndMs: (step + 1) * periodMs };
};

export type EntryCodes = ({ kind: "totp" | "steam" } & TimedCodes) | { kind: "hotp"; code: string };

/**
 * The code of an entry: for TOTP and Steam at `nowMs` (with the next one),
 * for HOTP at the entry's counter (time plays no part).
 */
export const codesAt = async (otp: OtpParameters, nowMs: number): Promise<EntryCodes> =>
  otp.kind === "hotp"
    ? { kind: "hotp", code: await hotpCode(otp) }
    : { kind: otp.kind, ...(await timedCodesAt(otp, nowMs)) };
