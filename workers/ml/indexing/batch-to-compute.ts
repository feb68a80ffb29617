// The first step of each of a run's passes (search index, faces, hashes):
// the next batch of files the pass has not done, less those whose stored
// ML data document already holds its part (another device, or the file's
// owner, computed it), which are adopted instead.

import type { MLDataDocument } from "../ml-data";
import { type MLDataSyncDeps, type StoredMLData, fetchMLData } from "../derived-data/ml-data-sync";
import { type IndexableFile, nextIndexingBatch } from "./indexing-queue";
import type { MLRunOutcome } from "./ml-job";

export interface BatchToComputeOptions {
  files: () => Iterable<IndexableFile>;
  /** Whether the pass has a file's part (computed, adopted, or given up on). */
  isDone: (fileID: number) => boolean;
  batchSize: number;
  paused?: (() => boolean) | undefined;
  sync: MLDataSyncDeps;
  /** Takes the pass's part of a file's stored document, when it holds it. */
  adopt: (fileID: number, document: MLDataDocument) => void;
}

/** Files to compute, with their stored documents (to merge into); or the run's outcome when there are none. */
export type BatchToCompute =
  { outcome: MLRunOutcome } | { files: IndexableFile[]; stored: ReadonlyMap<number, StoredMLData> };

export const batchToCompute = async ({
  files,
  isDone,
  batchSize,
  paused,
  sync,
  adopt,
}: BatchToComputeOptions): Promise<BatchToCompute> => {
  const batch = nextIndexingBatch(files(), isDone, new Set(), batchSize);
  if (batch.length === 0) return { outcome: "nothing-to-do" };
  if (paused?.() === true) return { outcome: "paused" };
  const stored = await fetchMLData(
    sync,
    batch.map(({ id }) => id),
  );
  const toCompute = batch.filter(({ id }) => {
    const document = stored.get(id)?.document;
    if (document !== undefined) adopt(id, document);
    return !isDone(id);
  });
  // Every file of the batch was taken from its document: work done, no model ran.
  if (toCompute.length === 0) return { outcome: "did-work" };
  return { files: toCompute, stored };
};
