import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExportStage } from "../../shared/model/export/export-record";
import type { DecryptedCollection } from "../library/decrypted-records";
import type { ExportLibrarySource } from "./export-library";
import { type ExportServiceDeps, type ExportStatus, ExportService } from "./export-service";
import { createNodeExportFS } from "./node-export-fs";
import { nodeExportSource } from "./node-export-source";
import {
  type ExportTestLibrary,
  fixture,
  folderTree,
  newExportFolder,
  readRecord,
  startExportTestLibrary,
  uploadTo,
} from "./test-support/export-test-library";

/** A source that counts its loads (one a run) and can hold a run at its load until released. */
const countingSource = (inner: ExportLibrarySource) => {
  let held: Promise<void> | undefined;
  let release: () => void = () => undefined;
  const source = {
    loads: 0,
    hold(): void {
      held = new Promise((resolve) => (release = resolve));
    },
    release(): void {
      release();
      held = undefined;
    },
    load: async () => {
      source.loads += 1;
      await held;
      return inner.load();
    },
    contents: (file: Parameters<ExportLibrarySource["contents"]>[0], signal: AbortSignal) =>
      inner.contents(file, signal),
  };
  return source;
};

describe("the export service: one run at a time, again when asked during one, stop, continuous", () => {
  let library: ExportTestLibrary;
  let album: DecryptedCollection;
  let photo: Uint8Array;

  beforeAll(async () => {
    library = await startExportTestLibrary();
    album = await library.client.createCollection({ name: "Garden", type: "album" });
    photo = await fixture("noexif.jpg");
    for (const title of ["rose.jpg", "tulip.jpg", "daisy.jpg"]) {
      await uploadTo(library, library.client, album, { title, bytes: photo });
    }
  }, 240_000);

  afterAll(async () => {
    await library.close();
  });

  const serviceFor = (folder: string, source: ExportLibrarySource) => {
    const statuses: ExportStatus[] = [];
    const failures: unknown[] = [];
    const deps: ExportServiceDeps = {
      fs: createNodeExportFS(folder),
      source,
      nowMs: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onFileFailed: (_fileID, error) => failures.push(error),
      onStatus: (status) => statuses.push(status),
      onRunFailed: (error) => failures.push(error),
    };
    return { service: new ExportService(deps, { concurrency: 1 }), statuses, failures };
  };

  it("runs once more after a run when asked during it, however often it was asked", async () => {
    const folder = await newExportFolder();
    const source = countingSource(nodeExportSource(library.client));
    const { service, failures } = serviceFor(folder, source);
    source.hold();
    const first = service.schedule();
    expect(service.status.running).toBe(true);
    void service.schedule();
    void service.schedule();
    source.release();
    await first;
    expect(source.loads).toBe(2);
    expect(failures).toEqual([]);
    expect(service.status).toMatchObject({
      running: false,
      stage: ExportStage.finished,
      progress: { total: 0, success: 0, failed: 0 },
    });
    expect(Object.keys(await folderTree(folder))).toContain("Garden/rose.jpg");
  });

  it("stops a run at its next file, ending it as finished; the next run exports the rest", async () => {
    const folder = await newExportFolder();
    const { service, statuses } = serviceFor(folder, nodeExportSource(library.client));
    const run = service.schedule();
    // Stop as soon as the first file is done.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (service.status.progress.success >= 1) {
          clearInterval(timer);
          resolve();
        }
      }, 1);
    });
    service.stop();
    await run;
    expect(service.status).toMatchObject({
      stage: ExportStage.finished,
      stoppedBecause: "stopped",
    });
    expect(service.status.progress.success).toBeLessThan(3);
    expect((await readRecord(folder)).stage).toBe(ExportStage.finished);
    expect(statuses.some((status) => status.stage === ExportStage.exportingFiles)).toBe(true);

    await service.schedule();
    expect(service.status.stoppedBecause).toBeUndefined();
    const files = Object.keys(await folderTree(folder)).filter((f) =>
      /^Garden\/[a-z]+\.jpg$/.test(f),
    );
    expect(files.sort()).toEqual(["Garden/daisy.jpg", "Garden/rose.jpg", "Garden/tulip.jpg"]);
  });

  it("exports continuously: at once when turned on, then after each change of the library", async () => {
    const folder = await newExportFolder();
    const source = countingSource(nodeExportSource(library.client));
    const { service } = serviceFor(folder, source);
    // Off: a change of the library runs nothing.
    service.localFilesUpdated();
    expect(source.loads).toBe(0);
    await service.setContinuous(true);
    expect(source.loads).toBe(1);
    await uploadTo(library, library.client, album, { title: "lily.jpg", bytes: photo });
    service.localFilesUpdated();
    await service.schedule();
    expect(Object.keys(await folderTree(folder))).toContain("Garden/lily.jpg");
    await service.setContinuous(false);
    const loads = source.loads;
    service.localFilesUpdated();
    expect(source.loads).toBe(loads);
  });

  it("says the folder is gone and resets the stage when it was removed", async () => {
    const folder = await newExportFolder();
    const { service } = serviceFor(folder, nodeExportSource(library.client));
    await service.schedule();
    await rm(folder, { recursive: true });
    await service.schedule();
    expect(service.status).toMatchObject({
      stage: ExportStage.init,
      stoppedBecause: "folder-missing",
      running: false,
    });
  });

  it("resumes at startup a run that was interrupted, and only then", async () => {
    const folder = await newExportFolder();
    const source = countingSource(nodeExportSource(library.client));
    const { service } = serviceFor(folder, source);
    expect(await service.resumeIfInterrupted()).toBe(false);
    await service.schedule();
    expect(await service.resumeIfInterrupted()).toBe(false);

    // A record left mid-run (what a crash leaves).
    const fs = createNodeExportFS(folder);
    const record = JSON.parse(await fs.readText("export_status.json")) as { stage: number };
    await fs.replaceText(
      "export_status.json",
      JSON.stringify({ ...record, stage: ExportStage.exportingFiles }),
    );
    const restarted = serviceFor(folder, source);
    const loads = source.loads;
    expect(await restarted.service.resumeIfInterrupted()).toBe(true);
    await restarted.service.whenIdle();
    expect(source.loads).toBe(loads + 1);
    expect((await readRecord(folder)).stage).toBe(ExportStage.finished);
  });
});
