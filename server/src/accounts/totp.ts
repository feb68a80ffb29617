import { timingSafeEqual } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { sha256B64URL } from "./server-crypto";

// TOTP as authenticator apps compute it: SHA-1, 6 digits, 30 s steps
// (RFC 6238 defaults, which every app supports), issuer "Cairn".

const totpParameters = { issuer: "Cairn", algorithm: "SHA1", digits: 6, period: 30 } as const;

/**
 * Codes of the previous and next step are accepted too, so a phone clock a
 * little off (or a code typed as it rolls over) still works.
 */
const acceptedStepDrift = 1;

/** 160-bit secrets, the size RFC 4226 recommends for SHA-1. */
const secretSizeBytes = 20;

/** The QR code is 200 × 200 pixels (wire-contract §2.3). */
const qrCodeSizePx = 200;

export const newTOTPSecretBase32 = (): string => new Secret({ size: secretSizeBytes }).base32;

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({ ...totpParameters, label, secret: Secret.fromBase32(secretBase32) });

/** The `otpauth://` URI as a 200×200 PNG, standard base64. */
export const qrCodePNGB64 = async (secretBase32: string, label: string): Promise<string> => {
  const dataURL = await QRCode.toDataURL(totpFor(secretBase32, label).toString(), {
    type: "image/png",
    width: qrCodeSizePx,
    margin: 1,
  });
  return dataURL.slice(dataURL.indexOf(",") + 1);
};

/**
 * The step a code is valid for at `nowMs`, or undefined. The step identifies
 * the use of a code, so a replay of it can be refused.
 */
export const validTOTPStep = (
  secretBase32: string,
  code: string,
  nowMs: number,
): number | undefined => {
  const totp = totpFor(secretBase32, "");
  const delta = totp.validate({ token: code, timestamp: nowMs, window: acceptedStepDrift });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: nowMs }) + delta;
};

/** The code of a step, for tests and tools. */
export const totpCodeAt = (secretBase32: string, nowMs: number): string =>
  totpFor(secretBase32, "").generate({ timestamp: nowMs });

/** What identifies one use of a code in `two_factor_used_codes`. */
export const usedCodeHash = (code: string, step: number): string =>
  sha256B64URL(`${String(step)}:${code}`);

/** Constant-time equality of two base32 secrets, ignoring case and surrounding spaces. */
export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a.trim().toUpperCase());
  const right = Buffer.from(b.trim().toUpperCase());
  return left.length === right.length && timingSafeEqual(left, right);
};
