import { appendFile, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ExportStage, exportRecordSchema } from "../../shared/model/export/export-record";
import {
  ExportRecordStore,
  exportJournalFileName,
  exportJournalFoldIntervalMs,
} from "./export-record-store";
import { createNodeExportFS } from "./node-export-fs";
import { newExportFolder } from "./test-support/export-test-library";

const openStore = (folder: string, nowMs: () => number = () => 0) =>
  ExportRecordStore.open({
    fs: createNodeExportFS(folder),
    migrate: (parsed) => Promise.resolve(exportRecordSchema.parse(parsed)),
    nowMs,
    sleep: () => Promise.resolve(),
  });

describe("the export record and its journal", () => {
  it("keeps every entry when many files record themselves at once while the journal is folded", async () => {
    const folder = await newExportFolder();
    // Every call is a fold interval later: each append asks for a fold.
    let clockMs = 0;
    const store = await openStore(folder, () => (clockMs += exportJournalFoldIntervalMs));
    const keys = Array.from({ length: 200 }, (_, i) => `${String(i + 1)}_7_1000`);
    await Promise.all(
      keys.map(async (key, i) => {
        await store.beginFile(key, { fresh: [`Album/${String(i)}.jpg`], replacing: [] });
        await store.fileExported(key, `${String(i)}.jpg`);
      }),
    );
    await store.collectionNamed(7, "Album");

    const reopened = await openStore(folder);
    expect(Object.keys(reopened.record.fileExportNames).sort()).toEqual([...keys].sort());
    expect(reopened.interruptedFiles()).toEqual([]);
    expect((await readdir(folder)).sort()).toEqual(["export_status.journal", "export_status.json"]);
  });

  it("replays the journal over the record after a crash, passing over a line cut short", async () => {
    const folder = await newExportFolder();
    const store = await openStore(folder);
    await store.setStage(ExportStage.exportingFiles);
    await store.collectionNamed(3, "Trip");
    await store.beginFile("1_3_10", {
      fresh: ["Trip/a.jpg", "Trip/metadata/a.jpg.json"],
      replacing: [],
    });
    await store.fileExported("1_3_10", "a.jpg");
    await store.beginFile("2_3_10", { fresh: ["Trip/b.jpg"], replacing: [] });
    // A crash while appending the next line.
    await appendFile(path.join(folder, exportJournalFileName), '{"op":"file","key":"2_3');

    const reopened = await openStore(folder);
    expect(reopened.record.stage).toBe(ExportStage.exportingFiles);
    expect(reopened.collectionExportName(3)).toBe("Trip");
    expect(reopened.fileExportName("1_3_10")).toBe("a.jpg");
    expect(reopened.fileExportName("2_3_10")).toBeUndefined();
    expect(reopened.interruptedFiles()).toEqual([
      { key: "2_3_10", fresh: ["Trip/b.jpg"], replacing: [] },
    ]);
    // The record file itself was written only at the stage change.
    const onDisk = exportRecordSchema.parse(
      JSON.parse(await readFile(path.join(folder, "export_status.json"), "utf8")),
    );
    expect(onDisk.fileExportNames).toEqual({});
  });
});
