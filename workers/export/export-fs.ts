// The file system the export engine writes through: rooted at the export
// folder (`<chosen>/Cairn Photos`), so every path the engine names is
// relative to it, with `/` between its parts, and nothing outside it can be
// reached. The Node implementation (`node-export-fs.ts`) serves the command
// line, the Electron utility process and the tests.

/** A path inside the export folder: parts joined by `/`, never absolute, never `..`. */
export type ExportPath = string;

/** What a name on disk is. */
export type ExportEntryKind = "file" | "directory";

export interface ExportEntry {
  name: string;
  kind: ExportEntryKind;
}

export interface ExportFS {
  /** Whether the export folder itself still exists (a removed or unplugged disk says no). */
  rootExists(): Promise<boolean>;
  /** What is at `path`, or undefined when nothing is. */
  kindOf(path: ExportPath): Promise<ExportEntryKind | undefined>;
  /** The entries of a folder; [] when it does not exist. */
  list(path: ExportPath): Promise<ExportEntry[]>;
  /** Creates a folder and its parents; nothing when it exists. */
  makeFolder(path: ExportPath): Promise<void>;
  /** The text of a file. Throws when it does not exist. */
  readText(path: ExportPath): Promise<string>;
  /**
   * Replaces a file's text so that a crash leaves either the old text or the
   * new one, never a mix (a temporary file, flushed, then renamed over it).
   */
  replaceText(path: ExportPath, text: string): Promise<void>;
  /** Appends text to a file (created when missing) and flushes it to the disk. */
  appendText(path: ExportPath, text: string): Promise<void>;
  /** Writes a new file from chunks, flushed to the disk before it resolves. */
  writeChunks(
    path: ExportPath,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void>;
  /** Renames a file or folder; the target's parent must exist. */
  rename(from: ExportPath, to: ExportPath): Promise<void>;
  /** A second name for a file (a hard link); false when the file system cannot link. */
  link(existing: ExportPath, newPath: ExportPath): Promise<boolean>;
  /** Copies a file. */
  copy(from: ExportPath, to: ExportPath): Promise<void>;
  /** Removes a file; nothing when it is missing. */
  removeFile(path: ExportPath): Promise<void>;
  /** Removes an empty folder; false when it is not empty or missing. */
  removeEmptyFolder(path: ExportPath): Promise<boolean>;
}

/** Joins path parts with `/`, skipping empty ones. */
export const joinExportPath = (...parts: readonly string[]): ExportPath =>
  parts.filter((part) => part !== "").join("/");
