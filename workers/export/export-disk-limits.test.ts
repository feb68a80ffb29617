import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import type { DecryptedCollection } from "../library/decrypted-records";
import {
  type ExportTestLibrary,
  exportLibrary,
  folderTree,
  readRecord,
  sha256,
  startExportTestLibrary,
  uploadTo,
} from "./test-support/export-test-library";

// [Note: The disk-limit tests mount a small tmpfs]
//
// A full disk and a read-only one are the real thing here: a tmpfs of a
// few MiB mounted for the test (ENOSPC when it is full) and remounted
// read-only (EROFS). Mounting needs root, which CI runs as; elsewhere the
// tests say why they cannot run.

const MiB = 1024 ** 2;

const mount = (...args: string[]): void => {
  execFileSync("mount", args, { stdio: "pipe" });
};

/** Whether this process may mount a tmpfs: tried once, on a folder of its own. */
const canMount = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), "cairn-mount-probe-"));
  try {
    mount("-t", "tmpfs", "-o", "size=64k", "tmpfs", probe);
    execFileSync("umount", [probe], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

describe.runIf(canMount)("an export onto a disk that fills up or becomes read-only", () => {
  let library: ExportTestLibrary;
  let album: DecryptedCollection;
  let mountPoint: string | undefined;
  let folder: string;
  const originals = new Set<string>();

  beforeAll(async () => {
    library = await startExportTestLibrary();
    album = await library.client.createCollection({ name: "Videos", type: "album" });
    for (let i = 0; i < 6; i += 1) {
      const bytes = new Uint8Array(randomBytes(MiB + i));
      originals.add(sha256(bytes));
      await uploadTo(library, library.client, album, {
        title: `clip-${String(i)}.mp4`,
        bytes,
        fileType: FileType.video,
      });
    }
    mountPoint = await mkdtemp(path.join(os.tmpdir(), "cairn-small-disk-"));
    // Room for about three of the six files.
    const point = mountPoint;
    mount("-t", "tmpfs", "-o", "size=3500k", "tmpfs", point);
    folder = path.join(point, "Cairn Photos");
    await mkdir(folder);
  }, 240_000);

  afterAll(async () => {
    if (mountPoint !== undefined) {
      execFileSync("umount", [mountPoint]);
      await rm(mountPoint, { recursive: true });
    }
    await library.close();
  });

  const mediaIn = (tree: Record<string, string>): [string, string][] =>
    Object.entries(tree).filter(([file]) => file.startsWith("Videos/clip-"));

  it("stops when the disk is full, with nothing half-written, and finishes once there is room", async () => {
    await expect(exportLibrary(library.client, folder, { concurrency: 2 })).rejects.toMatchObject({
      reason: "disk-full",
    });
    const tree = await folderTree(folder);
    expect(Object.keys(tree).filter((file) => file.includes(".cairn-"))).toEqual([]);
    const written = mediaIn(tree);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(6);
    // Every file under a file's name is whole.
    for (const [, hash] of written) expect(originals).toContain(hash);
    // The record still reads, and names only whole files.
    const record = await readRecord(folder);
    expect(Object.keys(record.fileExportNames).length).toBeLessThanOrEqual(written.length);

    mount("-o", "remount,size=20m", mountPoint as string);
    const resumed = await exportLibrary(library.client, folder);
    expect(resumed.progress.failed).toBe(0);
    const finished = mediaIn(await folderTree(folder));
    expect(finished.map(([file]) => file).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Videos/clip-${String(i)}.mp4`),
    );
    expect(new Set(finished.map(([, hash]) => hash))).toEqual(originals);
  });

  it("stops when the folder became read-only, and goes on once it is writable again", async () => {
    const bytes = new Uint8Array(randomBytes(50_000));
    await uploadTo(library, library.client, album, { title: "late.jpg", bytes });
    const point = mountPoint as string;
    mount("-o", "remount,ro", point);
    try {
      await expect(exportLibrary(library.client, folder)).rejects.toMatchObject({
        reason: "read-only",
      });
    } finally {
      mount("-o", "remount,rw", point);
    }
    const run = await exportLibrary(library.client, folder);
    expect(run.progress).toEqual({ total: 1, success: 1, failed: 0 });
    expect((await folderTree(folder))["Videos/late.jpg"]).toBe(sha256(bytes));
  });
});
