// Browser stand-in for Node's `crypto`, as far as fast-srp-hap and its jsbn use
// it: a synchronous `createHash("sha256")` (from libsodium, which the SRP
// module loads before any SRP computation) and `randomBytes` (from
// `crypto.getRandomValues`), both returning `buffer` package Buffers. The web
// and bench builds alias the module id `crypto` to this file.
// See: [Note: fast-srp-hap needs a global Buffer]

import { Buffer } from "buffer";
import type { StateAddress } from "libsodium-wrappers-sumo";
import { CryptoError } from "../errors";
import { readySodium } from "../sodium";

type Digestible = Uint8Array | string;

/** An incremental SHA-256, shaped like the part of Node's `Hash` that callers use. */
export class SHA256Hash {
  readonly #state: StateAddress = readySodium().crypto_hash_sha256_init();
  #isDigested = false;

  update(data: Digestible): this {
    if (this.#isDigested) throw new CryptoError("Hash already digested");
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    readySodium().crypto_hash_sha256_update(this.#state, bytes);
    return this;
  }

  digest(): Buffer;
  digest(encoding: "hex" | "base64"): string;
  digest(encoding?: "hex" | "base64"): Buffer | string {
    if (this.#isDigested) throw new CryptoError("Hash already digested");
    this.#isDigested = true;
    const digest = Buffer.from(readySodium().crypto_hash_sha256_final(this.#state));
    return encoding === undefined ? digest : digest.toString(encoding);
  }
}

export const createHash = (algorithm: string): SHA256Hash => {
  if (algorithm.toLowerCase() !== "sha256") {
    throw new CryptoError(`The browser crypto shim only implements sha256, not ${algorithm}`);
  }
  return new SHA256Hash();
};

// `crypto.getRandomValues` fills at most 65,536 bytes per call (Web Crypto spec).
const GET_RANDOM_VALUES_MAX_BYTES = 65536;

type RandomBytesCallback = (error: Error | null, bytes: Buffer) => void;

export function randomBytes(size: number): Buffer;
export function randomBytes(size: number, callback: RandomBytesCallback): void;
export function randomBytes(size: number, callback?: RandomBytesCallback): Buffer | undefined {
  const bytes = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += GET_RANDOM_VALUES_MAX_BYTES) {
    crypto.getRandomValues(
      bytes.subarray(offset, Math.min(size, offset + GET_RANDOM_VALUES_MAX_BYTES)),
    );
  }
  if (callback === undefined) return bytes;
  callback(null, bytes);
  return undefined;
}

export default { createHash, randomBytes };
