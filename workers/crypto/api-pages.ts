// Whole pages read where they are decrypted: the crypto worker parses a diff
// page's answer, checks it, decrypts its files and answers what it changes.
// See: [Note: A diff page is read where it is decrypted]

import type { ReadFileDiffPage } from "../library/file-diff-page";
import { decryptKeysAndJSONBlobs } from "./api-batches";
import { reviveOpenedKeyAndJSONBlobs } from "./settled";

/** This worker's own batches, as the pool's callers see them. */
const thisWorker = {
  decryptKeysAndJSONBlobs: async (items: Parameters<typeof decryptKeysAndJSONBlobs>[0]) =>
    (await decryptKeysAndJSONBlobs(items)).map(reviveOpenedKeyAndJSONBlobs),
};

/** Reads and decrypts one `/collections/v2/diff` answer (its bytes, transferred). */
export const readFileDiffPage = async (
  answerBytes: Uint8Array,
  collectionID: number,
  collectionKeyB64: string,
): Promise<ReadFileDiffPage> => {
  // A chunk of its own (the schemas), loaded with the first page.
  const pages = await import("../library/file-diff-page");
  return pages.readFileDiffPage(thisWorker, answerBytes, collectionID, collectionKeyB64);
};
