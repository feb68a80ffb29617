// The viewer's originals: the shown file and its neighbours, decrypted by
// the sync worker and kept as Blobs so that going back and forth does not
// download again.

import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { FileType } from "../../../../shared/model/library/file-metadata";

// [Note: The viewer holds at most three originals]
//
// Originals are large (a 48-megapixel photo is 10–20 MB, a video can be
// gigabytes), and every one held is memory of the tab. The viewer keeps the
// shown file and its previous and next neighbours, and drops every other
// one as soon as the shown file changes. Only images and live photos are
// fetched ahead: a video or an arbitrary file is fetched only when shown,
// since one of them can outweigh a thousand photos. Object URLs are made
// only for the shown file and revoked when it changes.

/** The shown file and its two neighbours. See: [Note: The viewer holds at most three originals] */
export const heldOriginalsLimit = 3;

/** Whether a file of this type is fetched before it is shown. */
export const isPrefetchable = (fileType: FileType): boolean =>
  fileType === FileType.image || fileType === FileType.livePhoto;

export type LoadOriginal = (fileID: number) => Promise<OriginalMedia>;

export class OriginalCache {
  private readonly entries = new Map<number, Promise<OriginalMedia>>();

  constructor(private readonly load: LoadOriginal) {}

  /** The original of `fileID`, loading it once (a failed load is forgotten, so it can be retried). */
  get(fileID: number): Promise<OriginalMedia> {
    const held = this.entries.get(fileID);
    if (held) return held;
    const loading = this.load(fileID);
    this.entries.set(fileID, loading);
    loading.catch(() => {
      if (this.entries.get(fileID) === loading) this.entries.delete(fileID);
    });
    return loading;
  }

  /** Starts loading `fileID` ahead of being shown; its failure shows only if it is shown. */
  prefetch(fileID: number): void {
    this.get(fileID).catch(() => undefined);
  }

  /** Drops every original but `fileIDs` (at most the first `heldOriginalsLimit` of them are kept). */
  keepOnly(fileIDs: readonly number[]): void {
    const kept = new Set(fileIDs.slice(0, heldOriginalsLimit));
    for (const fileID of [...this.entries.keys()]) {
      if (!kept.has(fileID)) this.entries.delete(fileID);
    }
  }

  has(fileID: number): boolean {
    return this.entries.has(fileID);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
