// The export record, kept in memory while a run writes it, on disk as
// `export_status.json` plus an append-only journal beside it.

import { CairnError } from "../../shared/model/errors";
import {
  type ExportRecord,
  type ExportStage,
  type FileExportName,
  decodeFileExportName,
  encodeFileExportName,
  exportRecordFileName,
  exportRecordSchema,
  freshExportRecord,
} from "../../shared/model/export/export-record";
import { ExportRunStoppedError, stopReasonOfFSError } from "./export-errors";
import type { ExportFS, ExportPath } from "./export-fs";

// [Note: The export record is a snapshot plus a journal]
//
// The reference reads, merges and rewrites the whole record after every
// exported file, so recording the 100,000th file costs 100,000 entries: an
// export's time grows with the square of the library. Here a change is one
// line appended to `export_status.journal` (a few dozen bytes, flushed),
// and the record is rewritten (atomically: a temporary file renamed over
// it) only when the journal is folded into it: at each stage's end and
// every few seconds of a run. Loading reads the record, then replays the
// journal over it; every line sets or removes one entry, so replaying a
// line the record already holds (a crash between the rewrite and the
// journal's truncation) changes nothing. A line cut short by a crash is the
// last one and is ignored: its change had not been acknowledged.
//
// Before a file is written, a `begin` line names every path it will take
// (media and sidecar, both halves of a live photo). A `begin` without its
// `file` line after a crash is an interrupted file: the engine looks at
// those paths alone to finish or undo it (see: [Note: A file appears under
// its name only when complete]).

/** The journal's name, beside the record. */
export const exportJournalFileName = "export_status.journal";

/** How often a run folds the journal into the record, ms. */
export const exportJournalFoldIntervalMs = 5000;

/** How long to wait before reading a record that did not parse a second time (spec §8), ms. */
export const exportRecordParseRetryDelayMs = 1000;

type JournalLine =
  | { op: "begin"; key: string; fresh: ExportPath[]; replacing: ExportPath[] }
  | { op: "abandon"; key: string }
  | { op: "renaming"; id: string; from: string; to: string }
  | { op: "file"; key: string; name: string }
  | { op: "unfile"; key: string }
  | { op: "collection"; id: string; name: string }
  | { op: "uncollection"; id: string };

/** The final paths a file's write takes. */
export interface ExportWritePaths {
  /** Paths that were free when the write began: nothing but this write can have made them. */
  fresh: ExportPath[];
  /** Paths of an older export of the file that the write replaces (one rename each). */
  replacing: ExportPath[];
}

/** A collection folder's rename that had begun when the last run stopped. */
export interface InterruptedRename {
  collectionID: number;
  from: string;
  to: string;
}

/** A file whose writing had begun when the last run stopped, and the paths it was writing. */
export interface InterruptedFile extends ExportWritePaths {
  key: string;
}

export interface ExportRecordStoreDeps {
  fs: ExportFS;
  /** Brings a parsed record of any version to the latest (spec §4 migrations). */
  migrate: (parsed: unknown) => Promise<ExportRecord>;
  nowMs: () => number;
  sleep: (ms: number) => Promise<void>;
}

const parseJournalLine = (text: string): JournalLine | undefined => {
  try {
    const line: unknown = JSON.parse(text);
    return typeof line === "object" && line !== null && "op" in line && typeof line.op === "string"
      ? (line as JournalLine)
      : undefined;
  } catch {
    return undefined;
  }
};

/** Runs a write of the record or its journal; its failure stops the run (spec §8), saying why. */
const recordUpdate = async (write: () => Promise<void>): Promise<void> => {
  try {
    await write();
  } catch (error) {
    throw new ExportRunStoppedError(stopReasonOfFSError(error) ?? "record-update-failed", {
      cause: error,
    });
  }
};

/** Reads the record's text and parses it; a text that does not parse is read once more after a second (spec §8). */
const readRecordJSON = async (deps: ExportRecordStoreDeps): Promise<unknown> => {
  if ((await deps.fs.kindOf(exportRecordFileName)) !== "file") return undefined;
  try {
    return JSON.parse(await deps.fs.readText(exportRecordFileName)) as unknown;
  } catch {
    // [Note: A record that does not parse is read again once]
    // The reference retries after a second because the desktop shell may
    // be replacing it at that moment; a record that still does not parse is
    // the user's problem to see, never a reason to overwrite their folder.
    await deps.sleep(exportRecordParseRetryDelayMs);
    try {
      return JSON.parse(await deps.fs.readText(exportRecordFileName)) as unknown;
    } catch (error) {
      throw new CairnError("exportRecordJsonParsingFailed", { cause: error });
    }
  }
};

/** The record of an export folder, its journal, and the files a crash interrupted. */
export class ExportRecordStore {
  readonly #deps: ExportRecordStoreDeps;
  #record: ExportRecord;
  readonly #begun = new Map<string, ExportWritePaths>();
  readonly #renaming = new Map<string, { from: string; to: string }>();
  #lastFoldMs: number;
  /** The last write of the record or journal queued. See: [Note: The record's writes go one at a time] */
  #writes: Promise<void> = Promise.resolve();

  private constructor(deps: ExportRecordStoreDeps, record: ExportRecord) {
    this.#deps = deps;
    this.#record = record;
    this.#lastFoldMs = deps.nowMs();
  }

  /** Loads (or starts) the record of the folder: migrated, with its journal replayed. */
  static async open(deps: ExportRecordStoreDeps): Promise<ExportRecordStore> {
    const parsed = await readRecordJSON(deps);
    const record =
      parsed === undefined
        ? freshExportRecord()
        : exportRecordSchema.parse(await deps.migrate(parsed));
    const store = new ExportRecordStore(deps, record);
    await store.#replayJournal();
    return store;
  }

  get record(): Readonly<ExportRecord> {
    return this.#record;
  }

  get stage(): ExportStage {
    return this.#record.stage;
  }

  /** The files whose writing began but was not recorded as done. */
  interruptedFiles(): InterruptedFile[] {
    return [...this.#begun].map(([key, paths]) => ({ key, ...paths }));
  }

  /** The folder renames that began but were not recorded as done. */
  interruptedRenames(): InterruptedRename[] {
    return [...this.#renaming].map(([id, names]) => ({ collectionID: Number(id), ...names }));
  }

  fileExportName(key: string): FileExportName | undefined {
    const stored = this.#record.fileExportNames[key];
    return stored === undefined ? undefined : decodeFileExportName(stored);
  }

  collectionExportName(collectionID: number): string | undefined {
    return this.#record.collectionExportNames[String(collectionID)];
  }

  /** Says which paths a file is about to take (before any is written). */
  async beginFile(key: string, paths: ExportWritePaths): Promise<void> {
    await this.#append({ op: "begin", key, ...paths });
  }

  /** Forgets a write that was begun and will not be finished (its paths were cleaned up). */
  async fileAbandoned(key: string): Promise<void> {
    await this.#append({ op: "abandon", key });
  }

  /** Records a file as exported under `name`. */
  async fileExported(key: string, name: FileExportName): Promise<void> {
    await this.#append({ op: "file", key, name: encodeFileExportName(name) });
  }

  /** Forgets a file (trashed, or undone after an interruption). */
  async fileForgotten(key: string): Promise<void> {
    await this.#append({ op: "unfile", key });
  }

  /** Says a collection's folder is about to be renamed (before it is). */
  async beginRename(collectionID: number, from: string, to: string): Promise<void> {
    await this.#append({ op: "renaming", id: String(collectionID), from, to });
  }

  async collectionNamed(collectionID: number, folderName: string): Promise<void> {
    await this.#append({ op: "collection", id: String(collectionID), name: folderName });
  }

  async collectionForgotten(collectionID: number): Promise<void> {
    await this.#append({ op: "uncollection", id: String(collectionID) });
  }

  /** Persists a stage (the journal is folded in with it). */
  async setStage(stage: ExportStage, lastAttemptTimestampMs?: number): Promise<void> {
    this.#record = {
      ...this.#record,
      stage,
      ...(lastAttemptTimestampMs === undefined
        ? {}
        : { lastAttemptTimestamp: lastAttemptTimestampMs }),
    };
    await this.fold();
  }

  /** Writes the record with every journaled change, then empties the journal. */
  fold(): Promise<void> {
    return this.#serially(() => this.#foldNow());
  }

  // [Note: The record's writes go one at a time]
  //
  // Several files are written at once, and each records itself; a fold
  // replaces the journal. Were they to overlap, a line appended to the old
  // journal while a fold replaces it would be lost (and two folds would
  // rename the same temporary file). So every write of the record and its
  // journal waits for the one before. The in-memory record is changed at
  // once; a fold writes what it holds when the fold's turn comes, which may
  // include lines whose own append is still queued behind it (replaying a
  // line twice changes nothing).
  #serially(write: () => Promise<void>): Promise<void> {
    const turn = this.#writes.then(write);
    this.#writes = turn.catch(() => undefined);
    return turn;
  }

  async #foldNow(): Promise<void> {
    this.#lastFoldMs = this.#deps.nowMs();
    await recordUpdate(() =>
      this.#deps.fs.replaceText(exportRecordFileName, JSON.stringify(this.#record, null, 2)),
    );
    const inFlight = [
      ...[...this.#begun].map(([key, paths]): JournalLine => ({ op: "begin", key, ...paths })),
      ...[...this.#renaming].map(([id, names]): JournalLine => ({ op: "renaming", id, ...names })),
    ];
    await recordUpdate(() =>
      this.#deps.fs.replaceText(
        exportJournalFileName,
        inFlight.map((line) => JSON.stringify(line) + "\n").join(""),
      ),
    );
  }

  async #append(line: JournalLine): Promise<void> {
    this.#apply(line);
    await this.#serially(() =>
      recordUpdate(() =>
        this.#deps.fs.appendText(exportJournalFileName, JSON.stringify(line) + "\n"),
      ),
    );
    if (this.#deps.nowMs() - this.#lastFoldMs >= exportJournalFoldIntervalMs) {
      // Taken now, so that the other files' appends do not ask for one too.
      this.#lastFoldMs = this.#deps.nowMs();
      await this.fold();
    }
  }

  #apply(line: JournalLine): void {
    const record = this.#record;
    switch (line.op) {
      case "begin":
        this.#begun.set(line.key, { fresh: line.fresh, replacing: line.replacing });
        break;
      case "abandon":
        this.#begun.delete(line.key);
        break;
      case "file":
        this.#begun.delete(line.key);
        record.fileExportNames[line.key] = line.name;
        break;
      case "unfile":
        this.#begun.delete(line.key);
        Reflect.deleteProperty(record.fileExportNames, line.key);
        break;
      case "renaming":
        this.#renaming.set(line.id, { from: line.from, to: line.to });
        break;
      case "collection":
        this.#renaming.delete(line.id);
        record.collectionExportNames[line.id] = line.name;
        break;
      case "uncollection":
        this.#renaming.delete(line.id);
        Reflect.deleteProperty(record.collectionExportNames, line.id);
        break;
    }
  }

  async #replayJournal(): Promise<void> {
    if ((await this.#deps.fs.kindOf(exportJournalFileName)) !== "file") return;
    const text = await this.#deps.fs.readText(exportJournalFileName);
    for (const lineText of text.split("\n")) {
      if (lineText === "") continue;
      const line = parseJournalLine(lineText);
      // Only the last line can be cut short (a crash while appending it).
      if (line !== undefined) this.#apply(line);
    }
  }
}
