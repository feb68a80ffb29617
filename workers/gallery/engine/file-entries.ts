// Each collection's files (and the trash) as flat arrays the views sort and
// filter without touching the records again: shown times, IDs, archived
// flags. Cached per collection and rebuilt only when the reader says that
// collection changed. See: [Note: Views cache on versions]

import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedFile } from "../../library/decrypted-records";
import type { LibraryReader } from "../gallery-contract";
import { fileTimeUs } from "../../sync/library-summary";

/**
 * [Note: A view knows the shape of its photos]
 *
 * The justified layout lays out rows of photos at their aspect ratio for the
 * whole view before any item is fetched, as the square grid does from the
 * days alone. So each view carries the width over height of every item, from
 * the size an upload records in the file's public magic metadata (`w`, `h`,
 * as shown: an EXIF rotation already applied). Files from clients that do
 * not record it have 0, and the layout shows them square.
 */
export const fileAspectRatio = (file: DecryptedFile): number => {
  const data = file.pubMagicMetadata?.data;
  const widthPx = data?.w;
  const heightPx = data?.h;
  if (widthPx === undefined || heightPx === undefined || !(widthPx > 0) || !(heightPx > 0))
    return 0;
  return widthPx / heightPx;
};

export class FileEntries {
  readonly count: number;
  readonly files: readonly DecryptedFile[];
  /** µs: the shown time (edited time if set, else creation time). */
  readonly timesUs: Float64Array;
  readonly ids: Float64Array;
  /** 1 where the file is archived (visibility in the owner's private magic metadata). */
  readonly archived: Uint8Array;
  /** Width over height as shown, 0 where unknown. See: [Note: A view knows the shape of its photos] */
  readonly aspectRatios: Float32Array;
  /** Trash only: µs when the server deletes each file for good. */
  readonly deleteByUs: Float64Array | undefined;
  #positions: Map<number, number> | undefined;

  constructor(files: DecryptedFile[], deleteByUs?: Float64Array) {
    const count = files.length;
    this.count = count;
    this.files = files;
    this.deleteByUs = deleteByUs;
    this.timesUs = new Float64Array(count);
    this.ids = new Float64Array(count);
    this.archived = new Uint8Array(count);
    this.aspectRatios = new Float32Array(count);
    files.forEach((file, index) => {
      this.timesUs[index] = fileTimeUs(file);
      this.aspectRatios[index] = fileAspectRatio(file);
      this.ids[index] = file.id;
      if (file.magicMetadata?.data.visibility === Visibility.archived) this.archived[index] = 1;
    });
  }

  /** The position of a file, or -1. The map is built on first use (lookups by ID are rare). */
  positionOf(fileID: number): number {
    if (this.#positions === undefined) {
      const positions = new Map<number, number>();
      this.files.forEach((file, index) => positions.set(file.id, index));
      this.#positions = positions;
    }
    return this.#positions.get(fileID) ?? -1;
  }

  /** The position of the newest file (by shown time, then the higher ID), or -1 when empty. */
  newestPosition(): number {
    let best = -1;
    for (let index = 0; index < this.count; index++) {
      const timeUs = this.timesUs[index] ?? 0;
      const bestTimeUs = this.timesUs[best] ?? -Infinity;
      if (
        best === -1 ||
        timeUs > bestTimeUs ||
        (timeUs === bestTimeUs && (this.ids[index] ?? 0) > (this.ids[best] ?? 0))
      )
        best = index;
    }
    return best;
  }
}

interface Cached {
  reader: LibraryReader;
  stamp: number;
  entries: FileEntries;
}

/** What a cached entry's freshness is checked against: the reader and its version for that collection. */
const stampOf = (reader: LibraryReader, collectionID: number): number =>
  reader.collectionVersion?.(collectionID) ?? reader.version;

export class FileEntriesCache {
  readonly #byCollection = new Map<number, Cached>();
  #trash: Cached | undefined;

  /** The files of a collection, rebuilt when the reader (or its version of the collection) changed. */
  of(reader: LibraryReader, collectionID: number): FileEntries {
    const stamp = stampOf(reader, collectionID);
    const cached = this.#byCollection.get(collectionID);
    if (cached?.reader === reader && cached.stamp === stamp) return cached.entries;
    const entries = new FileEntries([...reader.filesOf(collectionID)]);
    this.#byCollection.set(collectionID, { reader, stamp, entries });
    return entries;
  }

  /** The trash's files with their deletion times. */
  trash(reader: LibraryReader): FileEntries {
    const cached = this.#trash;
    if (cached?.reader === reader && cached.stamp === reader.version) return cached.entries;
    const files: DecryptedFile[] = [];
    const deleteBy: number[] = [];
    for (const entry of reader.trashEntries()) {
      files.push(entry.file);
      deleteBy.push(entry.deleteByUs);
    }
    const entries = new FileEntries(files, Float64Array.from(deleteBy));
    this.#trash = { reader, stamp: reader.version, entries };
    return entries;
  }

  /** Drops collections no longer in the library. */
  retainOnly(collectionIDs: ReadonlySet<number>): void {
    for (const id of this.#byCollection.keys()) {
      if (!collectionIDs.has(id)) this.#byCollection.delete(id);
    }
  }
}
