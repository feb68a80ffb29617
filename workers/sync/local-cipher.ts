// Sealing values for the local database, and opening them again.

// [Note: The local database holds only ciphertext]
//
// Nothing decrypted is written to IndexedDB or Cache Storage in plaintext:
// whoever copies the browser profile (a shared computer, a backup, malware
// reading the disk) must learn no more than the server knows. So:
//
// - In clear: only what the server already knows about the account, and only
//   where it is needed to find rows: collection IDs (primary keys of
//   `collections` and `deleted-collection`) and server versions (µs times of
//   `collection-updation-time`, `trash-time` and `ml-sync-time`).
// - Sealed: everything else (names, metadata, captions, locations, file and
//   collection keys, which collections are hidden, which file is in which
//   collection) is JSON sealed as a Blob (secretstream, one FINAL message)
//   under the keyring's `localDatabaseKey()`, a KDF sub-key of the master key,
//   through the crypto pool. The key is never stored: without the master key
//   (the password, or the tab's session slot) the local copy is unreadable.
// - Files are sealed in chunks, not one row per file: a chunk holds up to
//   `maxRecordsPerChunk` records of one collection (or of the trash) under a
//   random ID, in `files` or `hidden-files`. Reopening a 100k-file library
//   decrypts tens of large values instead of 100k small ones, and a diff page
//   rewrites only the chunks it touches (see chunked-group.ts). Which store a
//   collection's chunks are in says whether it is hidden; their IDs and
//   sizes say nothing more (a chunk's collection is inside the ciphertext).
// - The ML indexes (CLIP embeddings, things) are sealed in chunks too, in a
//   binary form. See: [Note: The ML indexes are kept as sealed chunks]
// - Thumbnails, when a later issue caches them in Cache Storage `thumbs`,
//   are cached only as the ciphertext the server sent, and decrypted in
//   memory on use.
//
// Logout deletes the database (every IndexedDB database of the origin).

import type { CryptoPool } from "../crypto/pool";
import { eventLoopPacer } from "./event-loop-yield";
import type { SealedValue } from "./local-db";
import { LocalRecordError } from "./sync-errors";

/** The crypto pool operations sealing needs (a `CryptoPool` fits). */
export type SealingPool = Pick<CryptoPool, "encryptBlobs" | "decryptBlobs">;

/** An opened value, or why it could not be opened. */
export type Opened = { ok: true; value: unknown } | { ok: false; error: LocalRecordError };

/** Opened bytes, or why they could not be opened. */
export type OpenedBytes = { ok: true; value: Uint8Array } | { ok: false; error: LocalRecordError };

export interface LocalCipher {
  /** Seals the JSON of each value, in one pool call. */
  seal(values: readonly unknown[]): Promise<SealedValue[]>;
  /**
   * Opens sealed values, in one pool call; each settles alone. The pool
   * takes ownership of the ciphertexts (they are detached afterwards).
   */
  open(sealed: readonly SealedValue[]): Promise<Opened[]>;
  /**
   * Seals bytes as they are (a binary format of the caller's, such as the ML
   * indexes' chunks), in one pool call. The pool takes ownership of them.
   */
  sealBytes(data: readonly Uint8Array[]): Promise<SealedValue[]>;
  /** Opens sealed bytes, in one pool call; each settles alone. The pool takes the ciphertexts. */
  openBytes(sealed: readonly SealedValue[]): Promise<OpenedBytes[]>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// [Note: Sealed JSON is encoded through one reused buffer]
//
// A full chunk's JSON is about 1.2 MB. `TextEncoder.encode` took 6 to 10 ms
// for it in Chromium, `encodeInto` a buffer that is already there 1.6 ms,
// and copying the written bytes out to a buffer of their own (which the
// pool can take) 0.8 ms more: a 100,000-file pull seals 50 such chunks on
// the sync worker's thread. So the cipher keeps one buffer, grown to the
// largest worst case seen (3 bytes per UTF-16 unit), and encodes into it. A
// worker runs one thing at a time and the encoding does not await, so one
// buffer serves every cipher of the worker.

let scratch = new Uint8Array(0);

/** The UTF-8 of `text` in a buffer of its own. See: [Note: Sealed JSON is encoded through one reused buffer] */
const utf8Of = (text: string): Uint8Array<ArrayBuffer> => {
  const worstCaseBytes = text.length * 3;
  if (scratch.length < worstCaseBytes) scratch = new Uint8Array(worstCaseBytes);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
};

// [Note: Opening sealed rows gives the event loop a turn]
//
// Opening the stored library decodes and parses every chunk the pool
// decrypted: about 50 MB of JSON at 100,000 files, 1.5 to 2 s of the sync
// worker's thread. Done in one synchronous pass, it is one long task, and
// nothing else runs in the worker meanwhile; in particular Chromium stops a
// worker whose page has gone (a reload, a closed tab) only between tasks, or
// by force after 2 s. Measured on a reload during that pass: the old page's
// worker kept one of two cores busy for 2 s after the navigation, while the
// new page started its own. So the pass gives the event loop a turn every
// `openingSliceMs`: stopping, and the page's own calls, wait at most that.

/** The longest stretch of decoding and parsing between two turns of the event loop. */
export const openingSliceMs = 16;

const openedValue = (result: Awaited<ReturnType<SealingPool["decryptBlobs"]>>[number]): Opened => {
  if (!result.ok) return { ok: false, error: new LocalRecordError({ cause: result.error }) };
  try {
    return { ok: true, value: JSON.parse(decoder.decode(result.value)) as unknown };
  } catch (e) {
    return { ok: false, error: new LocalRecordError({ cause: e }) };
  }
};

/** A cipher for the local database under `keyB64`. See: [Note: The local database holds only ciphertext] */
export const createLocalCipher = (pool: SealingPool, keyB64: string): LocalCipher => ({
  async sealBytes(data) {
    const sealed = await pool.encryptBlobs(data.map((bytes) => ({ data: bytes, keyB64 })));
    return sealed.map(({ encryptedData, decryptionHeaderB64 }) => ({
      encryptedData,
      decryptionHeaderB64,
    }));
  },

  async openBytes(sealed) {
    const opened = await pool.decryptBlobs(
      sealed.map(({ encryptedData, decryptionHeaderB64 }) => ({
        encryptedData,
        decryptionHeaderB64,
        keyB64,
      })),
    );
    return opened.map((result): OpenedBytes =>
      result.ok
        ? { ok: true, value: result.value }
        : { ok: false, error: new LocalRecordError({ cause: result.error }) },
    );
  },

  async seal(values) {
    const sealed = await pool.encryptBlobs(
      values.map((value) => ({ data: utf8Of(JSON.stringify(value)), keyB64 })),
    );
    return sealed.map(({ encryptedData, decryptionHeaderB64 }) => ({
      encryptedData,
      decryptionHeaderB64,
    }));
  },

  async open(sealed) {
    const opened = await pool.decryptBlobs(
      sealed.map(({ encryptedData, decryptionHeaderB64 }) => ({
        encryptedData,
        decryptionHeaderB64,
        keyB64,
      })),
    );
    // See: [Note: Opening sealed rows gives the event loop a turn]
    const maybeYield = eventLoopPacer(openingSliceMs);
    const values: Opened[] = [];
    for (const result of opened) {
      values.push(openedValue(result));
      await maybeYield();
    }
    return values;
  },
});
