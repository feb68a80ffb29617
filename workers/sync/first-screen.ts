// The gallery's first screen, kept sealed in the local database so that the
// next session shows it before the stored library is loaded.

// [Note: The gallery's first screen opens before the library]
//
// Opening the stored library reads and decrypts every chunk of it (about
// 1.5 s at 100,000 files on two cores, and it grows with the library), but
// the first screen of the gallery needs only the albums bar, the shape of
// the open view and its first few hundred items. So the sync worker keeps
// one record in `first-screen` describing exactly that, with the file records
// (keys included) that the thumbnails of those items and of the albums'
// covers need. The record is sealed under the local database key like every
// other row (See: [Note: The local database holds only ciphertext]); logout
// deletes it with the database.
//
// - Written: `firstScreenSettleMs` after the last change of the library or of
//   the open view, and at once when a sync run has finished or a load found
//   no record (a short session must leave one); so a sync storing page after
//   page writes it once, at its end, and never twice within
//   `firstScreenSettleMs`. Building it costs one
//   window of the open view, not a pass over the library.
// - Read: on `open`, as soon as the local database key is there, before the
//   library's rows (IndexedDB would answer the one row after the many), and
//   opened beside their reading: one small decrypt. A record of
//   another user, or one that does not open or has an unknown shape, is
//   ignored; the page ignores one made for another view than it opens.
// - Shown first: reading and decrypting the library's rows waits until the
//   first screen's tiles have their thumbnails (at most
//   `firstScreenHeadStartMs`): both need the worker's thread, IndexedDB and
//   the crypto pool.
// - Shown: until the library is loaded, the page shows the record's summaries
//   and snapshot, answers windows inside its items itself and asks the worker
//   for the recorded files' thumbnails; everything else waits for the library
//   (See: [Note: Gallery calls wait for the stored library]). The record's
//   snapshot carries `provisionalViewVersion`, below every version the
//   engine gives, so the loaded library's snapshot of the same view replaces
//   it and every window of it is fetched again: a first screen that no longer
//   matches the library is on screen only while the library loads.

import { fromB64, toB64 } from "../../shared/crypto/base64";
import type { ViewChoices } from "../../shared/model/library/view-choices";
import type { DecryptedFile } from "../library/decrypted-records";
import type {
  GalleryFirstScreen,
  GalleryItem,
  GalleryViewSnapshot,
} from "../gallery/gallery-contract";
import type { GalleryEngine } from "../gallery/engine/gallery-engine";
import type { LibrarySummary } from "./library-summary";
import type { LocalCipher } from "./local-cipher";
import { type LocalDatabase, type SealedValue, firstScreenKey } from "./local-db";
import type { SchedulerTimers } from "./schedule";

/**
 * Items recorded. A 4K screen of the densest grid shows ~450 tiles, and the
 * grid asks for windows in pages of 256 items: two whole pages cover the
 * first screen of any display, and their records (~1 KB each, sealed
 * together) still open in a few milliseconds.
 */
export const firstScreenItemCount = 512;

/**
 * Album covers recorded, in the albums bar's order: the bar shows at most a
 * few dozen at once, and an account with thousands of albums must not make
 * the record grow with them.
 */
export const firstScreenCoverCount = 100;

/**
 * How long the library must stay unchanged before the record is written,
 * and so the shortest gap between two writes: a first sync notifies every
 * 250 ms for minutes and must not rewrite the record each time; a person
 * closing the tab right after a change sees at worst that change missing
 * from the first screen until the library has loaded.
 */
export const firstScreenSettleMs = 2000;

/**
 * How long the library's load waits for the first screen's thumbnails at
 * most. Both need IndexedDB, the crypto pool and the sync worker's thread,
 * and the library's load occupies them for a second or more at 100,000 files;
 * the first screen's thumbnails need them for a few milliseconds. The page
 * needs one round trip to show the first screen, lay out the grid and ask
 * for its thumbnails (50–150 ms on a busy two-core machine), so 300 ms is
 * enough for them to go first, and bounds what the library's load loses
 * when the page does not show the first screen (it opened another view).
 */
export const firstScreenHeadStartMs = 300;

/**
 * The version of a snapshot served from the record: the view engine's
 * versions start at 1, so the loaded library's snapshot is always newer.
 * See: [Note: Views cache on versions]
 */
export const provisionalViewVersion = 0;

/** What the sealed row holds. */
export interface FirstScreenRecord {
  userID: number;
  viewID: number;
  /** The choices the views were built with (a record of other choices is not shown). */
  choices: ViewChoices;
  summary: LibrarySummary;
  snapshot: GalleryViewSnapshot;
  /** The view's items `[0, items.length)`. */
  items: GalleryItem[];
  /** The records of the items' files and of the recorded covers (their keys open thumbnails). */
  files: DecryptedFile[];
  /** The leading tiles' thumbnails as the server sent them (absent in older records). See: [Note: The first screen carries its first thumbnails] */
  thumbnails?: CarriedThumbnail[];
}

/** A thumbnail's ciphertext carried in the record. */
export interface CarriedThumbnail {
  fileID: number;
  ciphertextB64: string;
}

/** What a record is made of, as the view engine answers it. */
export interface FirstScreenSource {
  userID: number;
  viewID: number;
  choices: ViewChoices;
  summary: LibrarySummary;
  snapshot: GalleryViewSnapshot;
  items: GalleryItem[];
  /** The records of `items`, in the same order. */
  itemFiles: readonly DecryptedFile[];
  fileByID: (fileID: number) => DecryptedFile | undefined;
}

/**
 * The snapshot as recorded: the shapes of its recorded items only, as plain
 * numbers (the record is JSON). The rest of the view shows square until the
 * loaded library's snapshot comes, below the first screen.
 * See: [Note: A view knows the shape of its photos]
 */
const recordedSnapshot = (
  snapshot: GalleryViewSnapshot,
  itemCount: number,
): GalleryViewSnapshot => {
  const { aspectRatios, ...rest } = snapshot;
  if (aspectRatios === undefined) return rest;
  return {
    ...rest,
    aspectRatios: Array.from(
      { length: Math.min(itemCount, aspectRatios.length) },
      (_, index) => Math.round((aspectRatios[index] ?? 0) * 1000) / 1000,
    ),
  };
};

/** The record for `source`: its items' files and the first `firstScreenCoverCount` covers' files, each once. */
export const firstScreenRecord = (source: FirstScreenSource): FirstScreenRecord => {
  const files = new Map<number, DecryptedFile>();
  for (const file of source.itemFiles) files.set(file.id, file);
  let covers = 0;
  for (const summary of source.summary.summaries) {
    if (covers >= firstScreenCoverCount) break;
    const coverID = summary.coverFileID;
    if (coverID === undefined) continue;
    covers += 1;
    if (files.has(coverID)) continue;
    const file = source.fileByID(coverID);
    if (file !== undefined) files.set(coverID, file);
  }
  return {
    userID: source.userID,
    viewID: source.viewID,
    choices: source.choices,
    summary: source.summary,
    snapshot: recordedSnapshot(source.snapshot, source.items.length),
    items: source.items,
    files: [...files.values()],
  };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Whether an opened value has the record's shape (a record of an older format is ignored). */
export const isFirstScreenRecord = (value: unknown): value is FirstScreenRecord => {
  if (!isObject(value)) return false;
  const { userID, viewID, choices, summary, snapshot, items, files } = value;
  return (
    typeof userID === "number" &&
    typeof viewID === "number" &&
    isObject(choices) &&
    typeof choices.sharedInTimeline === "boolean" &&
    isObject(summary) &&
    Array.isArray(summary.summaries) &&
    Array.isArray(summary.collections) &&
    typeof summary.fileCount === "number" &&
    isObject(snapshot) &&
    snapshot.viewID === viewID &&
    typeof snapshot.totalCount === "number" &&
    Array.isArray(snapshot.days) &&
    Array.isArray(items) &&
    Array.isArray(files) &&
    files.every(
      (file) => isObject(file) && typeof file.id === "number" && typeof file.keyB64 === "string",
    )
  );
};

/** A record opened for this session: what the page is told, and the files the worker keeps. */
export interface OpenedFirstScreen {
  screen: GalleryFirstScreen;
  /** Files by ID whose thumbnails can be answered before the library is loaded. */
  files: ReadonlyMap<number, DecryptedFile>;
  /** The IDs of the view's recorded items (the grid's tiles, as opposed to the albums' covers). */
  itemIDs: ReadonlySet<number>;
  /** The thumbnail ciphertexts the record carried, by file ID. */
  thumbnailCiphertexts: ReadonlyMap<number, Uint8Array<ArrayBuffer>>;
}

/** The carried thumbnails of recorded files, decoded; malformed entries are skipped. */
const carriedCiphertexts = (
  carried: unknown,
  files: ReadonlyMap<number, DecryptedFile>,
): Map<number, Uint8Array<ArrayBuffer>> => {
  const ciphertexts = new Map<number, Uint8Array<ArrayBuffer>>();
  if (!Array.isArray(carried)) return ciphertexts;
  for (const entry of carried as unknown[]) {
    if (!isObject(entry)) continue;
    const { fileID, ciphertextB64 } = entry;
    if (typeof fileID !== "number" || typeof ciphertextB64 !== "string" || !files.has(fileID)) {
      continue;
    }
    try {
      ciphertexts.set(fileID, new Uint8Array(fromB64(ciphertextB64)));
    } catch {
      // Not base64: that thumbnail is read from Cache Storage as usual.
    }
  }
  return ciphertexts;
};

/** What the page is told of `record`, its snapshot at `provisionalViewVersion`. */
export const openedFirstScreen = (record: FirstScreenRecord): OpenedFirstScreen => {
  const files = new Map(record.files.map((file) => [file.id, file]));
  return {
    screen: {
      viewID: record.viewID,
      summary: record.summary,
      snapshot: { ...record.snapshot, version: provisionalViewVersion },
      items: record.items,
      thumbnailFileIDs: [...files.keys()],
    },
    files,
    itemIDs: new Set(record.items.map(({ id }) => id)),
    thumbnailCiphertexts: carriedCiphertexts(record.thumbnails, files),
  };
};

/**
 * [Note: The first screen's thumbnails are read ahead]
 *
 * The page asks for the first screen's thumbnails only once it has the
 * record, rendered it and reached its next frame; each then waits for its
 * Cache Storage read (an IPC and a disk read, 30–40 ms at a reload on two
 * cores). The worker knows the record first, so it starts those reads as it
 * answers it: the grid's first `firstScreenThumbnailsReadAhead` tiles, then
 * the albums' covers. By the time the page asks, the ciphertexts are in
 * memory (or their reads under way). A desktop screen shows 10–60 tiles; a
 * tile read ahead that turns out to be off screen costs one cache read.
 */
export const firstScreenThumbnailsReadAhead = 48;

/**
 * [Note: The first screen carries its first thumbnails]
 *
 * Even read ahead, the first screen's thumbnails waited for Cache Storage:
 * its reads start when the record is opened (the local database key is
 * there) and took 60–120 ms at a reload on two cores (an IPC to the browser
 * and a read of its disk cache per thumbnail, while four threads compile),
 * longer than the page took to render the screen and ask for them. So the
 * record carries the ciphertexts of its leading tiles' thumbnails, exactly
 * as the server sent them, sealed with the rest of the record (so the disk
 * never tells which files the first screen shows): they come with the
 * record's read, which starts with the worker, before any key, and the
 * first call of the page finds them in memory. A thumbnail this device
 * holds nowhere when the record is written (never shown, evicted) is not
 * carried and is read as before. Bounded in count and in bytes, so the
 * record stays one quick read: 24 tiles are the top rows of a desktop
 * screen, and 1 MiB holds them at the apps' usual 20–40 KB (fewer of the
 * 100 KB ones).
 */
export const firstScreenThumbnailsCarried = 24;
export const firstScreenThumbnailsCarriedBytes = 1024 * 1024;

/** The thumbnail ciphertexts of `fileIDs` this device holds, in order, never fetched. */
export type HeldThumbnailCiphertexts = (
  fileIDs: readonly number[],
) => Promise<{ fileID: number; ciphertext: Uint8Array }[]>;

/**
 * `record` carrying its leading tiles' thumbnails: those `held` has, in the
 * tiles' order, as many as fit in `firstScreenThumbnailsCarriedBytes`.
 */
export const withCarriedThumbnails = async (
  record: FirstScreenRecord,
  held: HeldThumbnailCiphertexts,
): Promise<FirstScreenRecord> => {
  const leading = record.items.slice(0, firstScreenThumbnailsCarried).map(({ id }) => id);
  const thumbnails: CarriedThumbnail[] = [];
  let carriedBytes = 0;
  for (const { fileID, ciphertext } of await held(leading)) {
    carriedBytes += ciphertext.byteLength;
    if (carriedBytes > firstScreenThumbnailsCarriedBytes) break;
    thumbnails.push({ fileID, ciphertextB64: toB64(ciphertext) });
  }
  return { ...record, thumbnails };
};

/** The files whose thumbnails the first screen shows first: its leading tiles, then the covers. */
export const firstScreenThumbnailsFirst = ({ screen, itemIDs }: OpenedFirstScreen): number[] => [
  ...screen.items.slice(0, firstScreenThumbnailsReadAhead).map(({ id }) => id),
  ...screen.thumbnailFileIDs.filter((fileID) => !itemIDs.has(fileID)),
];

/** The stored record, sealed; undefined when there is none. */
export const storedFirstScreen = async (db: LocalDatabase): Promise<SealedValue | undefined> =>
  (await db["first-screen"].get(firstScreenKey))?.sealed;

/**
 * The record `sealed` opened for `userID` and `choices`; undefined when there
 * is none, it is another user's, its views were built with other choices
 * (the setting changed since), or it does not open.
 * See: [Note: The gallery's first screen opens before the library]
 */
export const openFirstScreen = async (
  sealed: SealedValue | undefined,
  cipher: LocalCipher,
  userID: number,
  choices: ViewChoices,
): Promise<OpenedFirstScreen | undefined> => {
  if (sealed === undefined) return undefined;
  const [opened] = await cipher.open([sealed]);
  if (opened?.ok !== true || !isFirstScreenRecord(opened.value)) return undefined;
  const record = opened.value;
  if (record.userID !== userID) return undefined;
  if (record.choices.sharedInTimeline !== choices.sharedInTimeline) return undefined;
  return openedFirstScreen(record);
};

/** The stored record for `userID` and `choices`, opened (see `openFirstScreen`). */
export const readFirstScreen = async (
  db: LocalDatabase,
  cipher: LocalCipher,
  userID: number,
  choices: ViewChoices,
): Promise<OpenedFirstScreen | undefined> =>
  openFirstScreen(await storedFirstScreen(db), cipher, userID, choices);

/** Seals and stores `record`, replacing the one before. */
export const writeFirstScreen = async (
  db: LocalDatabase,
  cipher: LocalCipher,
  record: FirstScreenRecord,
): Promise<void> => {
  const [sealed] = await cipher.seal([record]);
  if (sealed === undefined) throw new Error("The crypto pool sealed no value");
  await db["first-screen"].put({ key: firstScreenKey, sealed });
};

/** What the record is made of: the view engine's answers. */
export type FirstScreenEngine = Pick<
  GalleryEngine,
  "viewSnapshot" | "viewWindow" | "viewFiles" | "fileByID"
>;

/**
 * The record of `viewID` as `engine` answers it now, with a key that is equal
 * only when the record would be (see `FirstScreenKeeper`).
 */
export const engineFirstScreen = (
  engine: FirstScreenEngine,
  userID: number,
  viewID: number,
  choices: ViewChoices,
  summary: () => LibrarySummary,
): { key: string; record: () => FirstScreenRecord } => {
  const snapshot = engine.viewSnapshot(viewID);
  return {
    // The engine gives a view a new version whenever the library it reads (or the choices) changed.
    key: `${String(viewID)}:${String(snapshot.version)}`,
    record: () =>
      firstScreenRecord({
        userID,
        viewID,
        choices,
        summary: summary(),
        snapshot,
        items: engine.viewWindow(viewID, 0, firstScreenItemCount).items,
        itemFiles: engine.viewFiles(viewID, 0, firstScreenItemCount),
        fileByID: (fileID) => engine.fileByID(fileID),
      }),
  };
};

export interface FirstScreenKeeperDeps {
  timers: SchedulerTimers;
  nowMs: () => number;
  /**
   * The record as the library now is, with a key that is equal only when the
   * record would be too; undefined while there is nothing to record.
   */
  current: () => { key: string; record: () => FirstScreenRecord } | undefined;
  store: (record: FirstScreenRecord) => Promise<void>;
  onError: (error: unknown) => void;
  settleMs?: number;
}

/**
 * Writes the record `settleMs` after the last `changed()`, or at once after
 * `settledNow()`, unless it would be the one written last. See: [Note: The gallery's first screen opens before the library]
 */
export class FirstScreenKeeper {
  readonly #deps: FirstScreenKeeperDeps;
  #timer: unknown;
  #writing: Promise<void> = Promise.resolve();
  #writtenKey: string | undefined;
  #writtenAtMs = -Infinity;
  #stopped = false;

  constructor(deps: FirstScreenKeeperDeps) {
    this.#deps = deps;
  }

  /** The library or the open view changed: write once it has settled. */
  changed(): void {
    this.#schedule(this.#settleMs);
  }

  /**
   * The library is known to be settled (a sync run finished, or a load found
   * no record): write now, unless the last write was less than `settleMs` ago.
   */
  settledNow(): void {
    const sinceWriteMs = this.#deps.nowMs() - this.#writtenAtMs;
    this.#schedule(sinceWriteMs >= this.#settleMs ? 0 : this.#settleMs);
  }

  get #settleMs(): number {
    return this.#deps.settleMs ?? firstScreenSettleMs;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer !== undefined) this.#deps.timers.clearTimeout(this.#timer);
    this.#timer = this.#deps.timers.setTimeout(() => {
      this.#timer = undefined;
      this.#writing = this.#writing.then(() => this.#write());
    }, delayMs);
  }

  /** Waits for a write in progress (tests, close). */
  settled(): Promise<void> {
    return this.#writing;
  }

  /** No more writes (logout, or the worker stops); a write in progress finishes. */
  stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#deps.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#writing;
  }

  async #write(): Promise<void> {
    if (this.#stopped) return;
    try {
      const current = this.#deps.current();
      if (current === undefined || current.key === this.#writtenKey) return;
      await this.#deps.store(current.record());
      this.#writtenKey = current.key;
      this.#writtenAtMs = this.#deps.nowMs();
    } catch (e) {
      this.#deps.onError(e);
    }
  }
}
