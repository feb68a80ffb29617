// Base64 in the three variants the wire uses: standard with padding (every
// binary value on the wire), URL-safe with padding (the auth token) and
// URL-safe without padding (WebAuthn and URL parameters).

// [Note: Base64 is strict and synchronous]
//
// Decoding rejects anything that is not the canonical encoding of some bytes in
// the expected variant (wrong alphabet, whitespace, missing or extra padding,
// non-zero unused bits) with `InvalidBase64Error`, exactly like libsodium's
// `sodium_base642bin`, so a corrupted value fails loudly instead of decoding to
// garbage. The codec is plain TypeScript rather than libsodium's so that it is
// synchronous and usable before libsodium has loaded (the UI thread converts
// tokens and keys without loading WebAssembly); tests cross-check it against
// libsodium.

import { InvalidBase64Error } from "./errors";

const STANDARD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const PAD_CODE = 0x3d; // "="

// [Note: The engine's own base64 where it has one]
//
// Decoding and encoding the base64 of a diff page (keys, headers, metadata)
// took about a seventh of each crypto worker's time in a 100k-file pull.
// Chromium has `Uint8Array.fromBase64` and `Uint8Array.prototype.toBase64`
// (native, many times faster); Node 20 has neither. Where they exist they do
// the padded variants' work, and the rules above still hold. The native
// decoder runs with `lastChunkHandling: "strict"` (padding required, unused
// bits zero) and refuses any character outside the variant's alphabet, but
// it skips ASCII whitespace. Its answer is kept only if it has exactly the
// length the whole text stands for (a multiple of 4 characters, less the
// trailing "="s): whitespace it skipped makes the answer at least 3 bytes
// short (strict decoding needs whole groups of 4, so at least 4 skipped
// characters), which one check finds without scanning the text again (a
// pattern test over it cost as much as the decoding). Any text it refuses,
// or whose answer fails that check, goes through the TypeScript codec,
// which decides and says why. So the native path only ever makes a valid
// text faster.

/** The native base64 of typed arrays (TC39 "Uint8Array to/from base64"), where the engine has it. */
interface NativeBase64 {
  fromBase64(
    text: string,
    options: { alphabet: "base64" | "base64url"; lastChunkHandling: "strict" },
  ): Uint8Array;
}
interface NativeToBase64 {
  toBase64(options: { alphabet: "base64" | "base64url"; omitPadding: boolean }): string;
}

const nativeBase64 =
  typeof (Uint8Array as unknown as Partial<NativeBase64>).fromBase64 === "function" &&
  typeof (Uint8Array.prototype as unknown as Partial<NativeToBase64>).toBase64 === "function"
    ? (Uint8Array as unknown as NativeBase64)
    : undefined;

interface Variant {
  readonly label: string;
  readonly encodeTable: Uint8Array; // 6-bit value → ASCII code
  readonly decodeTable: Int8Array; // ASCII code → 6-bit value, or -1
  readonly padded: boolean;
  /** The native decoder's name for the alphabet, and the shape a text must have to go to it. */
  readonly native?: { alphabet: "base64" | "base64url" };
}

const makeVariant = (
  label: string,
  alphabet: string,
  padded: boolean,
  native?: Variant["native"],
): Variant => {
  const encodeTable = new Uint8Array(64);
  const decodeTable = new Int8Array(128).fill(-1);
  for (let value = 0; value < 64; value++) {
    const code = alphabet.charCodeAt(value);
    encodeTable[value] = code;
    decodeTable[code] = value;
  }
  return { label, encodeTable, decodeTable, padded, ...(native === undefined ? {} : { native }) };
};

const STANDARD = makeVariant("base64", STANDARD_ALPHABET, true, { alphabet: "base64" });
const URL_SAFE = makeVariant("URL-safe base64", URL_SAFE_ALPHABET, true, { alphabet: "base64url" });
const URL_SAFE_NO_PADDING = makeVariant("unpadded URL-safe base64", URL_SAFE_ALPHABET, false);

/** The native decoding of a valid text, or undefined. See: [Note: The engine's own base64 where it has one] */
const decodedNatively = (text: string, variant: Variant): Uint8Array | undefined => {
  const { native } = variant;
  if (nativeBase64 === undefined || native === undefined || text.length % 4 !== 0) {
    return undefined;
  }
  let decoded: Uint8Array;
  try {
    decoded = nativeBase64.fromBase64(text, {
      alphabet: native.alphabet,
      lastChunkHandling: "strict",
    });
  } catch {
    return undefined;
  }
  return decoded.length === paddedDecodedLength(text) ? decoded : undefined;
};

/** The bytes a padded text of whole groups stands for: 3 per group, less its trailing "="s. */
const paddedDecodedLength = (text: string): number => {
  const pads =
    text.charCodeAt(text.length - 1) !== PAD_CODE
      ? 0
      : text.charCodeAt(text.length - 2) === PAD_CODE
        ? 2
        : 1;
  return (text.length / 4) * 3 - pads;
};

const asciiDecoder = new TextDecoder();

const encode = (bytes: Uint8Array, variant: Variant): string => {
  const { encodeTable, padded, native } = variant;
  if (nativeBase64 !== undefined && native !== undefined) {
    return (bytes as Uint8Array & NativeToBase64).toBase64({
      alphabet: native.alphabet,
      omitPadding: false,
    });
  }
  const fullGroups = Math.floor(bytes.length / 3);
  const tailBytes = bytes.length - fullGroups * 3;
  const outLength = fullGroups * 4 + (tailBytes === 0 ? 0 : padded ? 4 : tailBytes + 1);
  const out = new Uint8Array(outLength);
  let i = 0;
  let o = 0;
  for (let g = 0; g < fullGroups; g++) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    i += 3;
    out[o++] = encodeTable[n >>> 18] ?? 0;
    out[o++] = encodeTable[(n >>> 12) & 63] ?? 0;
    out[o++] = encodeTable[(n >>> 6) & 63] ?? 0;
    out[o++] = encodeTable[n & 63] ?? 0;
  }
  if (tailBytes > 0) {
    const n = ((bytes[i] ?? 0) << 16) | (tailBytes === 2 ? (bytes[i + 1] ?? 0) << 8 : 0);
    out[o++] = encodeTable[n >>> 18] ?? 0;
    out[o++] = encodeTable[(n >>> 12) & 63] ?? 0;
    if (tailBytes === 2) out[o++] = encodeTable[(n >>> 6) & 63] ?? 0;
    if (padded) while (o < outLength) out[o++] = PAD_CODE;
  }
  return asciiDecoder.decode(out);
};

const decode = (text: string, variant: Variant): Uint8Array => {
  const decoded = decodedNatively(text, variant);
  if (decoded !== undefined) return decoded;
  const invalid = (why: string) => new InvalidBase64Error(`Invalid ${variant.label}: ${why}`);
  let dataChars = text.length;
  if (variant.padded) {
    if (text.length % 4 !== 0) throw invalid("length is not a multiple of 4");
    if (text.charCodeAt(text.length - 1) === PAD_CODE) dataChars--;
    if (text.charCodeAt(text.length - 2) === PAD_CODE) dataChars--;
  } else if (text.length % 4 === 1) {
    throw invalid("impossible length");
  }
  const tailChars = dataChars % 4;
  if (tailChars === 1) throw invalid("misplaced padding");
  const out = new Uint8Array(Math.floor(dataChars / 4) * 3 + (tailChars === 0 ? 0 : tailChars - 1));
  const { decodeTable } = variant;
  const valueAt = (index: number): number => {
    const code = text.charCodeAt(index);
    const value = code < 128 ? (decodeTable[code] ?? -1) : -1;
    if (value < 0) throw invalid(`unexpected character at offset ${index}`);
    return value;
  };
  let o = 0;
  const fullGroupChars = dataChars - tailChars;
  for (let i = 0; i < fullGroupChars; i += 4) {
    const n = (valueAt(i) << 18) | (valueAt(i + 1) << 12) | (valueAt(i + 2) << 6) | valueAt(i + 3);
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 255;
    out[o++] = n & 255;
  }
  if (tailChars > 0) {
    const i = fullGroupChars;
    const third = tailChars === 3 ? valueAt(i + 2) : 0;
    const n = (valueAt(i) << 18) | (valueAt(i + 1) << 12) | (third << 6);
    out[o++] = n >>> 16;
    if (tailChars === 3) out[o++] = (n >>> 8) & 255;
    // Canonical form: the bits below the last whole byte must be zero.
    const unusedBits = tailChars === 2 ? n & 0xffff : n & 0xff;
    if (unusedBits !== 0) throw invalid("non-zero trailing bits");
  }
  return out;
};

/** Standard base64 with padding (the wire's encoding for every binary value). */
export const toB64 = (bytes: Uint8Array): string => encode(bytes, STANDARD);

/** Decodes standard base64 with padding; throws `InvalidBase64Error` on anything else. */
export const fromB64 = (b64: string): Uint8Array => decode(b64, STANDARD);

/** URL-safe base64 with padding (the auth token's encoding). */
export const toB64URLSafe = (bytes: Uint8Array): string => encode(bytes, URL_SAFE);

/** Decodes URL-safe base64 with padding; throws `InvalidBase64Error` on anything else. */
export const fromB64URLSafe = (b64: string): Uint8Array => decode(b64, URL_SAFE);

/** URL-safe base64 without padding (WebAuthn, URL parameters). */
export const toB64URLSafeNoPadding = (bytes: Uint8Array): string =>
  encode(bytes, URL_SAFE_NO_PADDING);

/** Decodes URL-safe base64 without padding; throws `InvalidBase64Error` on anything else. */
export const fromB64URLSafeNoPadding = (b64: string): Uint8Array =>
  decode(b64, URL_SAFE_NO_PADDING);
