// The progress of an upload run as the page shows it (spec §3): the phase, each file on its way with its percentage, an overall
// bar, and the finished files grouped by result. Pure bookkeeping: the engine
// feeds it events, the view renders its snapshots.

import type { ErrorMessageKey } from "../error-messages";
import {
  type RunEndingErrorKey,
  UploadPhase,
  isInAlbumResult,
  type UploadResult,
  uploadResultsInSummaryOrder,
} from "./upload-outcomes";

/** A file the run knows of: an id unique in the run, its name and size. */
export interface UploadEntry {
  id: number;
  name: string;
  sizeBytes: number;
  /**
   * The page's numbers of the picked files this entry stands for (one, or a
   * live photo's two); empty when the page gave none.
   * See: [Note: Retrying exactly the files that failed]
   */
  pickIDs?: readonly number[] | undefined;
}

export interface FinishedUpload {
  id: number;
  name: string;
  /** The page's numbers of the picked files behind this result (`UploadEntry.pickIDs`). */
  pickIDs: readonly number[];
  /** The reason shown beside the file, when it did not go in. */
  errorKey?: ErrorMessageKey | undefined;
  /**
   * The server's ID of the file the result is about, when there is one: the
   * new file (uploaded), or the user's copy it found (already uploaded, added
   * from another album).
   */
  fileID?: number | undefined;
}

export interface UploadProgressSnapshot {
  phase: UploadPhase;
  /** Files on their way: percent 0–100 of their bytes sent. */
  inProgress: { id: number; name: string; percent: number }[];
  /** Files finished, whatever their result. */
  finishedCount: number;
  totalCount: number;
  /** 0–100, weighted by size: a large video moves the bar more than a photo. */
  overallPercent: number;
  /** Finished files by result, every result present (empty when none). */
  results: Record<UploadResult, FinishedUpload[]>;
  /** Set when a refusal stopped the run. See: [Note: Some upload failures end the run] */
  endedBy?: RunEndingErrorKey | undefined;
  cancelled: boolean;
}

/**
 * [Note: Upload progress counts bytes, with a floor per file]
 *
 * The overall bar moves with bytes sent, so one 2 GB video is most of the
 * bar and a thousand photos do not make it jump per file. Each file also
 * counts for at least `minimumWeightBytes`: a run of small files still
 * moves steadily, and hashing, thumbnails and the registering call (work
 * that sends no bytes of the file) are covered when the file finishes.
 */
const minimumWeightBytes = 256 * 1024;

const weightOf = (sizeBytes: number) => Math.max(minimumWeightBytes, sizeBytes);

export class UploadProgress {
  #phase: UploadPhase = UploadPhase.start;
  readonly #entries = new Map<number, UploadEntry>();
  readonly #sentBytes = new Map<number, number>();
  readonly #finished = new Map<
    number,
    { result: UploadResult; errorKey?: ErrorMessageKey; fileID?: number }
  >();
  #totalWeight = 0;
  #finishedWeight = 0;
  #endedBy: RunEndingErrorKey | undefined;
  #cancelled = false;

  /** Adds files to the run (before they start). */
  add(entries: Iterable<UploadEntry>): void {
    for (const entry of entries) {
      if (this.#entries.has(entry.id)) continue;
      this.#entries.set(entry.id, entry);
      this.#totalWeight += weightOf(entry.sizeBytes);
    }
  }

  setPhase(phase: UploadPhase): void {
    this.#phase = phase;
  }

  get phase(): UploadPhase {
    return this.#phase;
  }

  /** A file started or sent more bytes (`sentBytes` is its running total). */
  sent(id: number, sentBytes: number): void {
    if (!this.#entries.has(id) || this.#finished.has(id)) return;
    this.#sentBytes.set(id, sentBytes);
  }

  /** A file finished: its result, why it did not go in, or the server's ID of the file it is now. */
  finish(id: number, result: UploadResult, errorKey?: ErrorMessageKey, fileID?: number): void {
    const entry = this.#entries.get(id);
    if (entry === undefined || this.#finished.has(id)) return;
    this.#finished.set(id, {
      result,
      ...(errorKey === undefined ? {} : { errorKey }),
      ...(fileID === undefined ? {} : { fileID }),
    });
    this.#sentBytes.delete(id);
    this.#finishedWeight += weightOf(entry.sizeBytes);
  }

  /** A file dropped by a cancel: it neither finished nor failed. */
  forget(id: number): void {
    const entry = this.#entries.get(id);
    if (entry === undefined || this.#finished.has(id)) return;
    this.#entries.delete(id);
    this.#sentBytes.delete(id);
    this.#totalWeight -= weightOf(entry.sizeBytes);
  }

  /**
   * Makes two files one (a live photo's image and video): `keepID` carries
   * both sizes from now on and `mergedID` is no longer listed.
   */
  merge(keepID: number, mergedID: number): void {
    const kept = this.#entries.get(keepID);
    const merged = this.#entries.get(mergedID);
    if (kept === undefined || merged === undefined || keepID === mergedID) return;
    if (this.#finished.has(keepID) || this.#finished.has(mergedID)) return;
    this.#totalWeight -= weightOf(kept.sizeBytes) + weightOf(merged.sizeBytes);
    const sizeBytes = kept.sizeBytes + merged.sizeBytes;
    const pickIDs = [...(kept.pickIDs ?? []), ...(merged.pickIDs ?? [])];
    this.#entries.set(keepID, { ...kept, sizeBytes, pickIDs });
    this.#entries.delete(mergedID);
    this.#sentBytes.delete(mergedID);
    this.#totalWeight += weightOf(sizeBytes);
  }

  /**
   * At the end of a run, the files neither finished nor forgotten: dropped
   * when the run was cancelled, else failed (with `errorKey` when known).
   */
  settleUnfinished(errorKey?: ErrorMessageKey): void {
    for (const id of [...this.#entries.keys()]) {
      if (this.#finished.has(id)) continue;
      if (this.#cancelled) this.forget(id);
      else this.finish(id, "failed", errorKey);
    }
  }

  endBy(key: RunEndingErrorKey): void {
    this.#endedBy ??= key;
  }

  cancel(): void {
    this.#cancelled = true;
  }

  isFinished(id: number): boolean {
    return this.#finished.has(id);
  }

  snapshot(): UploadProgressSnapshot {
    const results = Object.fromEntries(
      uploadResultsInSummaryOrder.map((result) => [result, [] as FinishedUpload[]]),
    ) as Record<UploadResult, FinishedUpload[]>;
    for (const [id, { result, errorKey, fileID }] of this.#finished) {
      const entry = this.#entries.get(id);
      if (entry === undefined) continue;
      results[result].push({
        id,
        name: entry.name,
        pickIDs: entry.pickIDs ?? [],
        ...(errorKey === undefined ? {} : { errorKey }),
        ...(fileID === undefined ? {} : { fileID }),
      });
    }
    let movingWeight = 0;
    const inProgress: UploadProgressSnapshot["inProgress"] = [];
    for (const [id, sentBytes] of this.#sentBytes) {
      const entry = this.#entries.get(id);
      if (entry === undefined) continue;
      const fraction = entry.sizeBytes === 0 ? 0 : Math.min(1, sentBytes / entry.sizeBytes);
      // Bytes sent are most of a file's work, never all of it: see the note.
      movingWeight += fraction * entry.sizeBytes;
      inProgress.push({ id, name: entry.name, percent: Math.floor(fraction * 100) });
    }
    const overall =
      this.#totalWeight === 0 ? 0 : (this.#finishedWeight + movingWeight) / this.#totalWeight;
    return {
      phase: this.#phase,
      inProgress,
      finishedCount: this.#finished.size,
      totalCount: this.#entries.size,
      overallPercent:
        this.#phase === UploadPhase.finish ? 100 : Math.min(99, Math.floor(overall * 100)),
      results,
      endedBy: this.#endedBy,
      cancelled: this.#cancelled,
    };
  }
}

/** Whether every finished file went in (for the "all done" message). */
export const allWentIn = (snapshot: UploadProgressSnapshot): boolean =>
  uploadResultsInSummaryOrder.every(
    (result) => snapshot.results[result].length === 0 || isInAlbumResult(result),
  );
