// Reading one page of a collection's file diff: its JSON checked against the
// endpoint's schema, its files decrypted, and what the page changes. Runs in a
// crypto worker. See: [Note: A diff page is read where it is decrypted]

// First, in the crypto worker that loads this chunk: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { readJSONAnswer } from "../../shared/api/client";
import { getCollectionDiff } from "../../shared/api/endpoints/collections";
import type { DecryptedFile, DecryptionPool, FileDecryption } from "./decrypted-records";
import { decryptFiles } from "./file-decryption";

// [Note: A diff page is read where it is decrypted]
//
// A page of a collection's file diff holds up to 2,500 entries, about 2.5 MB
// of JSON that is mostly base64 ciphertext. Read on the sync worker, its text
// was parsed, checked against the endpoint's schema (which copies every
// entry), cut into items that were copied once more to a crypto worker, and
// kept alive across the pool's await, so that the sync worker's young
// collections copied it yet again. That worker is the one thread every page
// goes through; on the 100,000-file pull it spent about a fifth of its time
// on this. So the sync worker asks for the answer's bytes
// (`ApiClient.callForJSONBytes`: status and errors as for any call), hands
// them to one crypto worker without copying (transferred), and gets back
// only what the page changes. The schema is the endpoint's own
// (`readJSONAnswer`), so nothing is declared twice, and a page that does not
// match it fails the run as an unexpected answer, as before. This module is
// a chunk of its own that a crypto worker loads with its first page, so its
// start stays as small as it was.

/** What a page of decrypted files changes in the store. */
export interface FilePageChanges {
  upserts: DecryptedFile[];
  removals: number[];
  /** µs: when each of `removals` left the collection (its entry's `updationTime`), in order. */
  removedAtUs: number[];
  /** Records that could not be decrypted: each keeps its last good version, if any. */
  failed: number;
}

/** Splits a decrypted page into what to store and what to drop. */
export const filePageChanges = (decryptions: readonly FileDecryption[]): FilePageChanges => {
  const upserts: DecryptedFile[] = [];
  const removals: number[] = [];
  const removedAtUs: number[] = [];
  let failed = 0;
  for (const decryption of decryptions) {
    if (decryption.kind === "file") upserts.push(decryption.file);
    else if (decryption.kind === "deleted") {
      removals.push(decryption.id);
      removedAtUs.push(decryption.updationTime);
    } else failed += 1;
  }
  return { upserts, removals, removedAtUs, failed };
};

/** A page read: whether more follow, its newest entry's time, and its changes; or why it is unexpected. */
export type ReadFileDiffPage =
  | {
      ok: true;
      hasMore: boolean;
      entryCount: number;
      /** The largest `updationTime` of the page's entries (0 for an empty page). */
      latestUpdationTimeUs: number;
      changes: FilePageChanges;
    }
  | { ok: false; issues: string };

const lenientUTF8 = new TextDecoder();

/**
 * Reads the bytes of a `/collections/v2/diff` answer for `collectionID`,
 * whose files are under `collectionKeyB64`. The text is decoded as `fetch`'s
 * `text()` would (malformed bytes become U+FFFD, and then fail the schema or
 * the decryption).
 */
export const readFileDiffPage = async (
  pool: Pick<DecryptionPool, "decryptKeysAndJSONBlobs">,
  answerBytes: Uint8Array,
  collectionID: number,
  collectionKeyB64: string,
): Promise<ReadFileDiffPage> => {
  const answer = readJSONAnswer(getCollectionDiff, lenientUTF8.decode(answerBytes));
  if (!answer.ok) return { ok: false, issues: answer.issues };
  const entries = answer.value.diff ?? [];
  const decryptions = await decryptFiles(
    pool,
    new Map([[collectionID, collectionKeyB64]]),
    entries,
  );
  return {
    ok: true,
    hasMore: answer.value.hasMore,
    entryCount: entries.length,
    latestUpdationTimeUs: entries.reduce(
      (latest, entry) => Math.max(latest, entry.updationTime),
      0,
    ),
    changes: filePageChanges(decryptions),
  };
};
