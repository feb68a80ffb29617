// UTF-8 text ↔ bytes. Decoding is fatal: bytes that are not valid UTF-8 (for
// example a collection name decrypted with the wrong key that still
// authenticated, or a corrupted record) raise `InvalidUTF8Error` instead of
// turning into U+FFFD replacement characters.

import { InvalidUTF8Error } from "./errors";

const encoder = new TextEncoder();
// `ignoreBOM` keeps a leading U+FEFF, so decode(encode(s)) === s for every s.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The UTF-8 bytes of `text`. */
export const utf8ToBytes = (text: string): Uint8Array => encoder.encode(text);

/** The text whose UTF-8 encoding is `bytes`; throws `InvalidUTF8Error` if they are not valid UTF-8. */
export const bytesToUTF8 = (bytes: Uint8Array): string => {
  try {
    return decoder.decode(bytes);
  } catch (e) {
    throw new InvalidUTF8Error("Bytes are not valid UTF-8", { cause: e });
  }
};
