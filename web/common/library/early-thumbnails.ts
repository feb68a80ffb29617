// The first screen's leading thumbnails, asked for as the first screen
// arrives and handed to the page's first calls for them.

import type { ThumbnailURLResult } from "../../../workers/gallery/gallery-contract";

/**
 * [Note: The page asks for the first screen's thumbnails as it arrives]
 *
 * At a reload the page asked for the first screen's thumbnails once it had
 * rendered that screen (40–60 ms on two cores) and reached its next frame:
 * the worker's decrypting then waited for the render, and the render for
 * nothing. So the client asks for the leading tiles' thumbnails in the task
 * that receives the first screen; the worker decrypts them (their
 * ciphertexts came with the record, See: [Note: The first screen carries its
 * first thumbnails]) while the page renders, and the grid's own first calls
 * for those files take these answers instead of asking again. Twelve: the
 * tiles the thumbnail store shows in one frame (See: [Note: Thumbnails are
 * shown a few per frame]), the top rows of any screen. An answer nobody took
 * is dropped once the stored library is open.
 */
export const firstScreenThumbnailsAskedEarly = 12;

/** Asks for thumbnails of many files in one call (the worker's `thumbnails`). */
export type ThumbnailsCall = (fileIDs: readonly number[]) => Promise<ThumbnailURLResult[]>;

export class EarlyThumbnails {
  /** The answer on its way for each file asked early, taken once. */
  readonly #pending = new Map<number, Promise<ThumbnailURLResult>>();

  /** Asks for `fileIDs` now, in one call, for the calls to come. */
  ask(fileIDs: readonly number[], call: ThumbnailsCall): void {
    const asked = [...new Set(fileIDs)].filter((fileID) => !this.#pending.has(fileID));
    if (asked.length === 0) return;
    const answer = call(asked);
    asked.forEach((fileID) => {
      const pending = answer.then(
        (results): ThumbnailURLResult =>
          results.find((result) => result.fileID === fileID) ?? {
            fileID,
            ok: false,
            errorName: "NotAnswered",
          },
      );
      // Nobody may take it (another view opened): a failure is then nobody's to report.
      pending.catch(() => undefined);
      this.#pending.set(fileID, pending);
    });
  }

  /**
   * The thumbnails of `fileIDs`, in order: those asked early from their
   * answer (each taken once), the others through `call`.
   */
  async take(fileIDs: readonly number[], call: ThumbnailsCall): Promise<ThumbnailURLResult[]> {
    const early = new Map<number, Promise<ThumbnailURLResult>>();
    for (const fileID of fileIDs) {
      const pending = this.#pending.get(fileID);
      if (pending === undefined) continue;
      this.#pending.delete(fileID);
      early.set(fileID, pending);
    }
    if (early.size === 0) return call(fileIDs);
    const rest = fileIDs.filter((fileID) => !early.has(fileID));
    const [earlyResults, restResults] = await Promise.all([
      Promise.all(early.values()),
      rest.length === 0 ? Promise.resolve([]) : call(rest),
    ]);
    const byFileID = new Map(
      [...earlyResults, ...restResults].map((result) => [result.fileID, result]),
    );
    return fileIDs.map(
      (fileID) => byFileID.get(fileID) ?? { fileID, ok: false, errorName: "NotAnswered" },
    );
  }

  /** Whether `fileID` was asked early and its answer not taken yet. */
  has(fileID: number): boolean {
    return this.#pending.has(fileID);
  }

  /** Drops the answers nobody took. */
  clear(): void {
    this.#pending.clear();
  }
}
