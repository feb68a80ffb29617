// The export's file system over Node's `fs`, rooted at the export folder:
// the command line, the Electron utility process and the tests use it. No
// path the engine gives can leave the folder.

import { constants } from "node:fs";
import * as fs from "node:fs/promises";
import * as path from "node:path";
import type { ExportEntry, ExportEntryKind, ExportFS, ExportPath } from "./export-fs";

/** A path that is not inside the export folder: a bug in the caller, never a user's input. */
export class ExportPathOutsideFolderError extends Error {
  override readonly name = "ExportPathOutsideFolderError";
  constructor(readonly exportPath: string) {
    super(`The export path ${JSON.stringify(exportPath)} is not inside the export folder`);
  }
}

const isMissing = (error: unknown): boolean =>
  error instanceof Error &&
  "code" in error &&
  (error.code === "ENOENT" || error.code === "ENOTDIR");

const hasCode = (error: unknown, ...codes: readonly string[]): boolean =>
  error instanceof Error && "code" in error && codes.includes(String(error.code));

/** The suffix of the temporary file `replaceText` writes before renaming it over the real one. */
const replacementSuffix = ".cairn-replacing";

/** Flushes a folder's entries (a rename in it) to the disk; some systems cannot, which is fine. */
const flushFolder = async (folder: string): Promise<void> => {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(folder, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Windows cannot open a folder; its renames are durable by other means.
  } finally {
    await handle?.close();
  }
};

/** An ExportFS over the folder at `rootPath` (absolute). */
export const createNodeExportFS = (rootPath: string): ExportFS => {
  const root = path.resolve(rootPath);

  const resolve = (exportPath: ExportPath): string => {
    const parts = exportPath.split("/");
    if (
      exportPath.startsWith("/") ||
      parts.some((part) => part === ".." || part === "." || part.includes("\\"))
    ) {
      throw new ExportPathOutsideFolderError(exportPath);
    }
    const absolute = path.join(root, ...parts);
    if (absolute !== root && !absolute.startsWith(root + path.sep)) {
      throw new ExportPathOutsideFolderError(exportPath);
    }
    return absolute;
  };

  const kindOfAbsolute = async (absolute: string): Promise<ExportEntryKind | undefined> => {
    try {
      const stats = await fs.stat(absolute);
      return stats.isDirectory() ? "directory" : "file";
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    rootExists: async () => (await kindOfAbsolute(root)) === "directory",
    kindOf: (exportPath) => kindOfAbsolute(resolve(exportPath)),

    list: async (exportPath) => {
      try {
        const entries = await fs.readdir(resolve(exportPath), { withFileTypes: true });
        return entries.map((entry): ExportEntry => ({
          name: entry.name,
          kind: entry.isDirectory() ? "directory" : "file",
        }));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },

    makeFolder: async (exportPath) => {
      await fs.mkdir(resolve(exportPath), { recursive: true });
    },

    readText: (exportPath) => fs.readFile(resolve(exportPath), "utf8"),

    replaceText: async (exportPath, text) => {
      const target = resolve(exportPath);
      const temporary = target + replacementSuffix;
      try {
        const handle = await fs.open(temporary, "w");
        try {
          await handle.writeFile(text, "utf8");
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, target);
      } catch (error) {
        // A full disk: the old text stays, and no half-written copy beside it.
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
      await flushFolder(path.dirname(target));
    },

    appendText: async (exportPath, text) => {
      const handle = await fs.open(resolve(exportPath), "a");
      try {
        await handle.appendFile(text, "utf8");
        await handle.datasync();
      } finally {
        await handle.close();
      }
    },

    writeChunks: async (exportPath, chunks) => {
      const target = resolve(exportPath);
      const handle = await fs.open(target, "wx");
      let written = false;
      try {
        for await (const chunk of chunks) {
          // A write may take fewer bytes than given (a disk filling up); the
          // next one then fails with ENOSPC rather than the file ending short.
          for (let offset = 0; offset < chunk.length;) {
            const { bytesWritten } = await handle.write(chunk, offset);
            offset += bytesWritten;
          }
        }
        await handle.sync();
        written = true;
      } finally {
        await handle.close();
        if (!written) await fs.rm(target, { force: true });
      }
    },

    rename: async (from, to) => {
      const target = resolve(to);
      await fs.rename(resolve(from), target);
      await flushFolder(path.dirname(target));
    },

    link: async (existing, newPath) => {
      try {
        await fs.link(resolve(existing), resolve(newPath));
        return true;
      } catch (error) {
        // A file system without hard links (FAT, exFAT, some network shares), or across devices.
        if (hasCode(error, "EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV", "EMLINK", "ENOSYS")) {
          return false;
        }
        throw error;
      }
    },

    copy: async (from, to) => {
      await fs.copyFile(resolve(from), resolve(to), constants.COPYFILE_EXCL);
    },

    removeFile: async (exportPath) => {
      await fs.rm(resolve(exportPath), { force: true });
    },

    removeEmptyFolder: async (exportPath) => {
      try {
        await fs.rmdir(resolve(exportPath));
        return true;
      } catch (error) {
        if (isMissing(error) || hasCode(error, "ENOTEMPTY", "EEXIST")) return false;
        throw error;
      }
    },
  };
};
