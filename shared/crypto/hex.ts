// Hexadecimal, lower case on output, either case on input (recovery keys are
// also accepted as 64 hex digits). Strict like base64: see
// [Note: Base64 is strict and synchronous].

import { InvalidHexError } from "./errors";

const HEX_DIGITS = "0123456789abcdef";

/** Lower-case hexadecimal of `bytes`. */
export const toHex = (bytes: Uint8Array): string => {
  let out = "";
  for (const byte of bytes) out += (HEX_DIGITS[byte >>> 4] ?? "") + (HEX_DIGITS[byte & 15] ?? "");
  return out;
};

const nibble = (code: number): number => {
  if (code >= 0x30 && code <= 0x39) return code - 0x30; // 0-9
  if (code >= 0x61 && code <= 0x66) return code - 0x57; // a-f
  if (code >= 0x41 && code <= 0x46) return code - 0x37; // A-F
  return -1;
};

/** Decodes hexadecimal (either case); throws `InvalidHexError` on odd length or a non-hex character. */
export const fromHex = (hex: string): Uint8Array => {
  if (hex.length % 2 !== 0) throw new InvalidHexError("Invalid hex: odd length");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const high = nibble(hex.charCodeAt(2 * i));
    const low = nibble(hex.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0)
      throw new InvalidHexError(`Invalid hex: bad digit near offset ${2 * i}`);
    out[i] = (high << 4) | low;
  }
  return out;
};
