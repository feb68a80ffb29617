// The large-video pass: one generated video of `largeVideoBytes` uploaded to
// an account of its own, then exported by a process of its own that samples
// its memory (performance.md: a 2 GiB video adds at most 64 MB).

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { NodeCairn } from "../../../tests/test-support/node-cairn";
import { generatedLargeVideo } from "../../../tests/test-support/large-video";
import { createNodeLibraryClient } from "../../../workers/library/node-library-client";
import { fixturesMediaDir } from "../../seed/seed-cairn";
import { warmUpTitle, warmUpVideoCount } from "./parameters";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

export interface LargeExportPass {
  videoBytes: number;
  baselineRssBytes: number;
  peakRssBytes: number;
  elapsedMs: number;
}

interface ChildReport {
  baselineRssBytes: number;
  peakRssBytes: number;
  elapsedMs: number;
  progress: { total: number; success: number; failed: number };
}

const exportInChild = (input: object): Promise<ChildReport> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "large-export-child.ts")],
      {
        cwd: repoRoot,
        env: { ...process.env, CAIRN_BENCH_EXPORT_CHILD: JSON.stringify(input) },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (data: Buffer) => {
      output += data.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`The exporting process exited with ${String(code)}`));
        return;
      }
      resolve(JSON.parse(output.trim()) as ChildReport);
    });
  });

export const runLargeExportPass = async (
  node: NodeCairn,
  videoBytes: number,
  log: (line: string) => void,
): Promise<LargeExportPass> => {
  const account = await node.signUp("export-large");
  const client = await createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
  });
  const video = await generatedLargeVideo(videoBytes);
  const folder = path.join(
    await mkdtemp(path.join(os.tmpdir(), "cairn-bench-export-large-")),
    "Cairn Photos",
  );
  try {
    log(`uploading a ${String(Math.round(videoBytes / 1024 ** 2))} MiB video`);
    const album = await client.createCollection({ name: "Large", type: "album" });
    await client.upload({
      collection: album,
      file: await openAsBlob(video.path),
      thumbnail: new Uint8Array(await readFile(path.join(fixturesMediaDir, "f6t.jpg"))),
      metadata: {
        title: "large.mp4",
        creationTime: Date.now() * 1000,
        modificationTime: Date.now() * 1000,
        fileType: FileType.video,
      },
    });
    // One warm-up video for each crypto thread, exported side by side.
    for (let i = 0; i < warmUpVideoCount; i += 1) {
      await client.upload({
        collection: album,
        file: new Uint8Array(randomBytes(6 * 1024 * 1024 + i)),
        thumbnail: new Uint8Array(await readFile(path.join(fixturesMediaDir, "f6t.jpg"))),
        metadata: {
          title: warmUpTitle,
          creationTime: Date.now() * 1000,
          modificationTime: Date.now() * 1000,
          fileType: FileType.video,
        },
      });
    }
    await mkdir(folder);
    await mkdir(`${folder} (warm-up)`);
    log("exporting it in a process of its own");
    const report = await exportInChild({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      folder,
      warmUpFolder: `${folder} (warm-up)`,
    });
    if (report.progress.success !== 1) throw new Error("The large video was not exported");
    const written = await stat(path.join(folder, "Large", "large.mp4"));
    if (written.size !== videoBytes) {
      throw new Error(
        `The exported video has ${String(written.size)} bytes, not ${String(videoBytes)}`,
      );
    }
    return { videoBytes, ...report };
  } finally {
    await client.close();
    await video.remove();
    await rm(path.dirname(folder), { recursive: true, force: true });
  }
};
