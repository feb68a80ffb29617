// The perceptual hashes of files indexed before hashes were: a run's work
// once no file waits for its full index.
//
// [Note: Files indexed before hashes get one alone]
//
// The perceptual hash (similar photos) came after CLIP and things, so a
// library indexed before has files with both and no hash. Counting those as
// not indexed would run CLIP and the detector on the whole library again
// for 8 bytes a photo; instead, once no file waits for its full index, a
// run takes a batch of indexed files without a hash, decodes their
// thumbnails and only hashes them (`hashImages`: no model runs, a few ms a
// photo), and writes the hash into their documents. Such a file counts as
// indexed for the status (its search works), so the progress the settings
// show is not reset by an upgrade.

import { perceptualHashFromHex } from "../../dedupe/perceptual-hash";
import { type MLDataSyncDeps, updateMLData } from "../derived-data/ml-data-sync";
import { perceptualHashOf, withPerceptualHash } from "../ml-data";
import { readableThumbnails } from "./readable-thumbnails";
import { batchToCompute } from "./batch-to-compute";
import type { IndexingML, LibraryIndexingDeps } from "./library-indexing";
import type { LibraryMLIndexes } from "./ml-indexes";
import type { MLRunOutcome } from "./ml-job";

export interface HashBackfillDeps extends Pick<LibraryIndexingDeps, "files" | "thumbnails"> {
  ml: Pick<IndexingML, "hashImages">;
  batchSize: number;
  paused?: (() => boolean) | undefined;
  indexes: LibraryMLIndexes;
  /** Whether a file has its full index (not failed): only those are hashed alone. */
  wantsHash: (fileID: number) => boolean;
}

export interface HashBackfill {
  /** Keeps a hash read from a document or the ML worker (hex), when it is one. */
  keep: (fileID: number, hex: string | undefined) => void;
  /** Hashes the next batch of indexed files without a hash. See: [Note: Files indexed before hashes get one alone] */
  run: (sync: MLDataSyncDeps, signal: AbortSignal | undefined) => Promise<MLRunOutcome>;
}

export const createHashBackfill = (deps: HashBackfillDeps): HashBackfill => {
  const { indexes } = deps;
  /** Files that could not be hashed this session (no thumbnail, undecodable): not retried until reload. */
  const failed = new Set<number>();

  /** Whether a file needs no hash from the backfill: hashed, failed, or waiting for its full index. */
  const isHashed = (fileID: number) =>
    failed.has(fileID) || !deps.wantsHash(fileID) || indexes.perceptualHashOf(fileID) !== undefined;

  const keep = (fileID: number, hex: string | undefined) => {
    const hash = hex === undefined ? undefined : perceptualHashFromHex(hex);
    if (hash !== undefined) indexes.setPerceptualHash(fileID, hash);
  };

  const run: HashBackfill["run"] = async (sync, signal) => {
    const next = await batchToCompute({
      ...deps,
      isDone: isHashed,
      sync,
      adopt: (fileID, document) => {
        keep(fileID, perceptualHashOf(document));
      },
    });
    if ("outcome" in next) return next.outcome;
    const { files: toHash, stored } = next;
    signal?.throwIfAborted();
    const thumbnails = await deps.thumbnails(toHash.map(({ id }) => id));
    const images = readableThumbnails(thumbnails, (fileID) => failed.add(fileID));
    const hashes = await deps.ml.hashImages(images.map(({ bytes }) => bytes));
    for (const [position, { fileID }] of images.entries()) {
      signal?.throwIfAborted();
      const hash = hashes[position];
      if (hash === undefined) {
        failed.add(fileID);
        continue;
      }
      await updateMLData(
        sync,
        fileID,
        (document) => withPerceptualHash(document, hash),
        stored.get(fileID),
      );
      keep(fileID, hash);
    }
    return "did-work";
  };

  return { keep, run };
};
