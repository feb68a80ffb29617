import { describe, expect, it } from "vitest";
import { ExportStage } from "../../../shared/model/export/export-record";
import type { ExportStatus } from "./export-controller";
import {
  exportActions,
  exportFraction,
  exportStageLabel,
  exportView,
  pathSegments,
} from "./export-view";

const setting = { folder: "/home/mia/Pictures/Cairn Photos", continuousExport: false };

const status = (change: Partial<ExportStatus> = {}): ExportStatus => ({
  stage: ExportStage.finished,
  progress: { total: 0, success: 0, failed: 0 },
  lastAttemptTimestampMs: null,
  running: false,
  continuous: false,
  ...change,
});

describe("exportStageLabel", () => {
  it.each([
    [ExportStage.init, "export.stage.preparing"],
    [ExportStage.migration, "export.stage.preparing"],
    [ExportStage.starting, "export.stage.preparing"],
    [ExportStage.exportingFiles, "export.stage.exportingFiles"],
    [ExportStage.trashingDeletedFiles, "export.stage.trashingDeletedFiles"],
    [ExportStage.renamingCollectionFolders, "export.stage.renamingAlbums"],
    [ExportStage.trashingDeletedCollections, "export.stage.removingDeletedAlbums"],
    [ExportStage.finished, "export.stage.finishing"],
  ])("stage %i reads %s", (stage, label) => {
    expect(exportStageLabel(stage)).toBe(label);
  });
});

describe("exportView", () => {
  it("asks for a folder when none is chosen, whatever the status", () => {
    expect(exportView(undefined, undefined)).toEqual({ kind: "no-folder" });
    expect(exportView(undefined, status({ running: true }))).toEqual({ kind: "no-folder" });
  });

  it("is loading while a folder is chosen and the export process has not reported", () => {
    expect(exportView(setting, undefined)).toEqual({ kind: "loading", folder: setting.folder });
  });

  it("shows a run's stage and progress", () => {
    const view = exportView(
      setting,
      status({
        running: true,
        stage: ExportStage.exportingFiles,
        progress: { total: 100, success: 30, failed: 2 },
        lastAttemptTimestampMs: 1_700_000_000_000,
      }),
    );
    expect(view).toEqual({
      kind: "running",
      folder: setting.folder,
      stageLabelID: "export.stage.exportingFiles",
      progress: { total: 100, success: 30, failed: 2 },
      lastExportMs: 1_700_000_000_000,
    });
  });

  it.each<[string, Partial<ExportStatus>, unknown]>([
    ["a run that went to its end", {}, undefined],
    [
      "files that failed in a run that went to its end",
      { progress: { total: 10, success: 7, failed: 3 } },
      { kind: "files-failed", failed: 3 },
    ],
    ["the user's stop", { stoppedBecause: "stopped" }, { kind: "stopped" }],
    [
      "a stop for a reason, over failed files",
      { stoppedBecause: "folder-missing", progress: { total: 10, success: 1, failed: 1 } },
      { kind: "problem", problem: "folder-missing" },
    ],
    ["a full disk", { stoppedBecause: "disk-full" }, { kind: "problem", problem: "disk-full" }],
    [
      "a read-only folder",
      { stoppedBecause: "read-only" },
      { kind: "problem", problem: "read-only" },
    ],
    [
      "a record that could not be updated",
      { stoppedBecause: "record-update-failed" },
      { kind: "problem", problem: "record-update-failed" },
    ],
    [
      "a failure, over a stop",
      { failure: "record-too-new", stoppedBecause: "stopped" },
      { kind: "problem", problem: "record-too-new" },
    ],
    [
      "an unreadable record",
      { failure: "record-unreadable" },
      { kind: "problem", problem: "record-unreadable" },
    ],
    ["an unknown failure", { failure: "unknown" }, { kind: "problem", problem: "unknown" }],
  ])("after %s, notes it", (_, change, note) => {
    const view = exportView(setting, status(change));
    expect(view).toMatchObject({ kind: "idle", folder: setting.folder });
    expect(view.kind === "idle" ? view.note : "not idle").toEqual(note);
  });

  it("shows no count in a stage before the files are counted", () => {
    const view = exportView(
      setting,
      status({ running: true, stage: ExportStage.renamingCollectionFolders }),
    );
    expect(view).toMatchObject({ kind: "running", progress: undefined });
  });

  it("does not show the last run's ending while a run goes on", () => {
    const view = exportView(setting, status({ running: true, stoppedBecause: "disk-full" }));
    expect(view.kind).toBe("running");
    expect(view).not.toHaveProperty("note");
  });
});

describe("exportActions", () => {
  it.each<[string, Parameters<typeof exportView>, ReturnType<typeof exportActions>]>([
    [
      "no folder",
      [undefined, undefined],
      { chooseFolder: true, start: false, stop: false, resync: false, continuous: false },
    ],
    [
      "loading",
      [setting, undefined],
      { chooseFolder: true, start: false, stop: false, resync: false, continuous: true },
    ],
    [
      "idle",
      [setting, status()],
      { chooseFolder: true, start: true, stop: false, resync: true, continuous: true },
    ],
    [
      "running",
      [setting, status({ running: true })],
      { chooseFolder: false, start: false, stop: true, resync: false, continuous: true },
    ],
  ])("%s", (_, [chosen, reported], actions) => {
    expect(exportActions(exportView(chosen, reported))).toEqual(actions);
  });
});

describe("exportFraction", () => {
  it.each([
    [{ total: 0, success: 0, failed: 0 }, 0],
    [{ total: 100, success: 30, failed: 2 }, 0.32],
    [{ total: 4, success: 4, failed: 0 }, 1],
    [{ total: 4, success: 5, failed: 0 }, 1],
  ])("%o is %f done", (progress, fraction) => {
    expect(exportFraction(progress)).toBeCloseTo(fraction);
  });
});

describe("pathSegments", () => {
  it.each([
    ["/home/mia/Cairn Photos", ["/", "home/", "mia/", "Cairn Photos"]],
    ["C:\\Users\\Mia\\Cairn Photos", ["C:\\", "Users\\", "Mia\\", "Cairn Photos"]],
    ["Cairn Photos", ["Cairn Photos"]],
  ])("splits %s after each separator", (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
    expect(pathSegments(path).join("")).toBe(path);
  });
});
