import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import { generatedLivePhoto } from "../../tests/test-support/media";
import {
  type ExportTestLibrary,
  exportLibrary,
  folderTree,
  newExportFolder,
  readRecord,
  startExportTestLibrary,
  uploadTo,
} from "./test-support/export-test-library";

const repo = path.resolve(import.meta.dirname, "../..");
const MiB = 1024 ** 2;

/** Starts the export in a child process; resolves with it once `exported <n>` reached `afterFiles`. */
const exportInChildUntil = (
  library: ExportTestLibrary,
  folder: string,
  afterFiles: number,
): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    // One process (node with tsx's loader), so SIGKILL ends the export itself.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(repo, "workers/export/test-support/export-child.ts")],
      {
        cwd: repo,
        env: {
          ...process.env,
          CAIRN_EXPORT_CHILD: JSON.stringify({
            apiOrigin: library.node.apiOrigin,
            token: library.owner.token,
            userID: library.owner.userID,
            accountKeys: library.owner.accountKeys,
            folder,
          }),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (data: Buffer) => {
      output += data.toString();
      const counts = [...output.matchAll(/exported (\d+)/g)].map((m) => Number(m[1]));
      if (Math.max(0, ...counts) >= afterFiles) resolve(child);
      if (output.includes("done")) reject(new Error("The export finished before the kill"));
    });
    child.on("error", reject);
  });

/** Each folder's media contents (not sidecars nor the record), as sorted hashes. */
const contentsByFolder = (tree: Record<string, string>): Record<string, string[]> => {
  const byFolder: Record<string, string[]> = {};
  for (const [file, hash] of Object.entries(tree)) {
    const parts = file.split("/");
    if (parts.length !== 2 || parts[0] === undefined) continue;
    (byFolder[parts[0]] ??= []).push(hash);
  }
  for (const hashes of Object.values(byFolder)) hashes.sort();
  return byFolder;
};

const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.on("exit", () => {
      resolve();
    });
    child.kill("SIGKILL");
  });

describe("an export killed (-9) in the middle of a run", () => {
  let library: ExportTestLibrary;
  let cleanTree: Record<string, string>;

  beforeAll(async () => {
    library = await startExportTestLibrary();
    const { client } = library;
    const album = await client.createCollection({ name: "Big files", type: "album" });
    const other = await client.createCollection({ name: "Small files", type: "album" });
    // Files of a few MiB, so a kill lands inside writes as well as between them.
    for (let i = 0; i < 10; i += 1) {
      await uploadTo(library, client, album, {
        title: `video-${String(i)}.mp4`,
        bytes: new Uint8Array(randomBytes(3 * MiB + i * 1000)),
        fileType: FileType.video,
      });
      await uploadTo(library, client, other, {
        title: "same-name.jpg",
        bytes: new Uint8Array(randomBytes(20_000 + i)),
      });
    }
    await uploadTo(library, client, other, {
      title: "IMG_0001.jpg",
      bytes: await generatedLivePhoto("IMG_0001"),
      fileType: FileType.livePhoto,
    });
    const reference = await newExportFolder();
    await exportLibrary(client, reference);
    cleanTree = await folderTree(reference);
  }, 300_000);

  afterAll(async () => {
    await library.close();
  });

  it.each([1, 4, 9, 15])(
    "finishes with every file exactly once when killed after %i files",
    async (afterFiles) => {
      const folder = await newExportFolder();
      await killed(await exportInChildUntil(library, folder, afterFiles));
      // What a kill left: never a half file under a file's name.
      const left = await folderTree(folder);
      for (const [file, hash] of Object.entries(left)) {
        if (file.includes(".cairn-") || file.startsWith("export_status")) continue;
        expect(cleanTree[file], file).toBe(hash);
      }

      const resumed = await exportLibrary(library.client, folder);
      expect(resumed.progress.failed).toBe(0);
      // The same names, and in each folder the same contents, as an export
      // that was never interrupted: no file twice, none missing. (Files
      // with one name get their `(n)` in the order they are written, which
      // several at once make vary.)
      const tree = await folderTree(folder);
      expect(Object.keys(tree).sort()).toEqual(Object.keys(cleanTree).sort());
      expect(contentsByFolder(tree)).toEqual(contentsByFolder(cleanTree));
      expect(Object.keys((await readRecord(folder)).fileExportNames)).toHaveLength(21);
    },
    120_000,
  );
});
