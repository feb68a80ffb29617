// The files of a drop: a dropped folder is walked through the browser's entries
// API, every file keeping the folders between the dropped folder's parent and
// itself. The entries are described by the small interfaces below, which the
// browser's `FileSystemEntry` objects satisfy and a test double can implement.

import type { PickedFile } from "../../../workers/upload/upload-contract";

/** A dropped file or folder (the browser's `FileSystemEntry`). */
export interface DropEntry {
  readonly name: string;
  readonly isFile: boolean;
  readonly isDirectory: boolean;
}

/** A dropped file (the browser's `FileSystemFileEntry`). */
export interface DropFileEntry extends DropEntry {
  file(onFile: (file: File) => void, onError?: (error: DOMException) => void): void;
}

/** A folder's listing (the browser's `FileSystemDirectoryReader`). */
export interface DropDirectoryReader {
  readEntries(
    onEntries: (entries: DropEntry[]) => void,
    onError?: (error: DOMException) => void,
  ): void;
}

/** A dropped folder (the browser's `FileSystemDirectoryEntry`). */
export interface DropDirectoryEntry extends DropEntry {
  createReader(): DropDirectoryReader;
}

/** One item of a drop (the browser's `DataTransferItem`). */
export interface DropItem {
  readonly kind: string;
  /** Absent in browsers without the entries API. */
  webkitGetAsEntry?: () => DropEntry | null;
  getAsFile(): File | null;
}

/** What a drop carries (the browser's `DataTransfer`). */
export interface DropData {
  readonly items?: ArrayLike<DropItem> | undefined;
  readonly files: ArrayLike<File>;
}

export interface DroppedPicks {
  picks: PickedFile[];
  /** Paths (in the drop) of files and folders the browser could not read; left out. */
  unreadable: string[];
}

const isFileEntry = (entry: DropEntry): entry is DropFileEntry => entry.isFile;
const isDirectoryEntry = (entry: DropEntry): entry is DropDirectoryEntry => entry.isDirectory;

const fileOf = (entry: DropFileEntry): Promise<File> =>
  new Promise((resolve, reject) => {
    entry.file(resolve, reject);
  });

const batchOf = (reader: DropDirectoryReader): Promise<DropEntry[]> =>
  new Promise((resolve, reject) => {
    reader.readEntries(resolve, reject);
  });

const joinPath = (folderPath: string, name: string): string =>
  folderPath === "" ? name : `${folderPath}/${name}`;

/**
 * [Note: A folder's entries come in batches]
 *
 * `readEntries` answers a folder's entries a batch at a time (Chromium
 * gives at most 100 per call) and an empty batch once all were given. A
 * walk that reads one batch silently drops the rest of a large folder, so
 * the reader is called until it answers an empty batch.
 */
const entriesOf = async (folder: DropDirectoryEntry): Promise<DropEntry[]> => {
  const reader = folder.createReader();
  const entries: DropEntry[] = [];
  for (;;) {
    const batch = await batchOf(reader);
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
};

/**
 * The files under `entries`, depth first in the order the browser lists
 * them. `folderPath` is where the entries sit ("" for what was dropped).
 * A file or folder that cannot be read (removed meanwhile, no permission) is
 * listed in `unreadable` and the walk goes on.
 */
export const walkDropEntries = async (
  entries: readonly DropEntry[],
  folderPath = "",
): Promise<DroppedPicks> => {
  const picks: PickedFile[] = [];
  const unreadable: string[] = [];
  for (const entry of entries) {
    const path = joinPath(folderPath, entry.name);
    if (isFileEntry(entry)) {
      try {
        picks.push({ file: await fileOf(entry), folderPath });
      } catch {
        unreadable.push(path);
      }
    } else if (isDirectoryEntry(entry)) {
      let children: DropEntry[];
      try {
        // See: [Note: A folder's entries come in batches]
        children = await entriesOf(entry);
      } catch {
        unreadable.push(path);
        continue;
      }
      const inner = await walkDropEntries(children, path);
      picks.push(...inner.picks);
      unreadable.push(...inner.unreadable);
    }
  }
  return { picks, unreadable };
};

/**
 * The picks of a drop. Call it in the `drop` event itself: the browser
 * empties the drop's items once the event is over, so they are all taken
 * (as entries, else as files) before the first await. Without the entries
 * API the dropped files come loose (a folder cannot be read then).
 */
export const droppedPicks = (data: DropData): Promise<DroppedPicks> => {
  const entries: DropEntry[] = [];
  const loose: File[] = [];
  const items = data.items === undefined ? [] : Array.from(data.items);
  if (items.length === 0) {
    loose.push(...Array.from(data.files));
  } else {
    for (const item of items) {
      if (item.kind !== "file") continue;
      const entry = item.webkitGetAsEntry?.() ?? null;
      if (entry !== null) {
        entries.push(entry);
        continue;
      }
      const file = item.getAsFile();
      if (file !== null) loose.push(file);
    }
  }
  return walkDropEntries(entries).then(({ picks, unreadable }) => ({
    picks: [...loose.map((file) => ({ file, folderPath: "" })), ...picks],
    unreadable,
  }));
};
