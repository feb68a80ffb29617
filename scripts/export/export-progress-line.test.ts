import { describe, expect, it } from "vitest";
import { ExportStage } from "../../shared/model/export/export-record";
import type { ExportProgress } from "../../workers/export/export-run";
import { type PlainLineState, nextPlainLine, progressLine } from "./export-progress-line";

const progress = (total: number, success: number, failed = 0): ExportProgress => ({
  total,
  success,
  failed,
});

describe("progressLine", () => {
  it.each<[ExportStage, ExportProgress, string]>([
    [
      ExportStage.exportingFiles,
      progress(500, 117, 3),
      "[##........] 120/500 files · 3 failed · exporting files",
    ],
    [
      ExportStage.exportingFiles,
      progress(500, 250),
      "[#####.....] 250/500 files · exporting files",
    ],
    [ExportStage.exportingFiles, progress(3, 0), "[..........] 0/3 files · exporting files"],
    [ExportStage.exportingFiles, progress(3, 1), "[###.......] 1/3 files · exporting files"],
    [ExportStage.exportingFiles, progress(3, 3), "[##########] 3/3 files · exporting files"],
    [ExportStage.finished, progress(2, 1, 1), "[##########] 2/2 files · 1 failed · finished"],
    [ExportStage.migration, progress(0, 0), "[..........] reading the export record"],
    [ExportStage.starting, progress(0, 0), "[..........] reading the library"],
    [
      ExportStage.renamingCollectionFolders,
      progress(7, 0),
      "[..........] 0/7 files · renaming album folders",
    ],
    [
      ExportStage.trashingDeletedFiles,
      progress(7, 0),
      "[..........] 0/7 files · moving deleted files to Trash",
    ],
    [
      ExportStage.trashingDeletedCollections,
      progress(7, 7),
      "[##########] 7/7 files · removing deleted albums",
    ],
    // Nothing to export: the bar fills when the run is done, not before.
    [ExportStage.finished, progress(0, 0), "[##########] 0/0 files · finished"],
  ])("shows stage %i and %j as %j", (stage, shown, line) => {
    expect(progressLine(stage, shown)).toBe(line);
  });
});

describe("nextPlainLine", () => {
  const exporting = ExportStage.exportingFiles;

  it.each<[PlainLineState | undefined, ExportStage, ExportProgress, boolean]>([
    [undefined, ExportStage.migration, progress(0, 0), true],
    [{ stage: ExportStage.migration, step: 0 }, ExportStage.migration, progress(0, 0), false],
    [{ stage: ExportStage.migration, step: 0 }, ExportStage.starting, progress(0, 0), true],
    // 1000 files: a line each 50.
    [{ stage: exporting, step: 0 }, exporting, progress(1000, 49), false],
    [{ stage: exporting, step: 0 }, exporting, progress(1000, 49, 1), true],
    [{ stage: exporting, step: 1 }, exporting, progress(1000, 99), false],
    [{ stage: exporting, step: 1 }, exporting, progress(1000, 100), true],
    [{ stage: exporting, step: 19 }, exporting, progress(1000, 1000), true],
    // 3 files: each one is more than 5%.
    [{ stage: exporting, step: 0 }, exporting, progress(3, 1), true],
    [{ stage: exporting, step: 6 }, exporting, progress(3, 1), false],
    [{ stage: exporting, step: 20 }, ExportStage.finished, progress(3, 3), true],
  ])("after %j, stage %i with %j prints: %s", (printed, stage, shown, prints) => {
    expect(nextPlainLine(printed, stage, shown) !== undefined).toBe(prints);
  });

  it("prints at most one line per stage and per 5% of a large run", () => {
    let state: PlainLineState | undefined;
    const lines: string[] = [];
    const show = (stage: ExportStage, shown: ExportProgress) => {
      const next = nextPlainLine(state, stage, shown);
      if (next === undefined) return;
      state = next.state;
      lines.push(next.line);
    };
    show(ExportStage.migration, progress(0, 0));
    show(ExportStage.starting, progress(0, 0));
    show(ExportStage.starting, progress(10_000, 0));
    for (const stage of [ExportStage.renamingCollectionFolders, ExportStage.trashingDeletedFiles]) {
      show(stage, progress(10_000, 0));
    }
    for (let done = 0; done <= 10_000; done++) show(exporting, progress(10_000, done));
    show(ExportStage.trashingDeletedCollections, progress(10_000, 10_000));
    show(ExportStage.finished, progress(10_000, 10_000));

    // 4 stages before, 21 while exporting (0%, 5%, … 100%), 2 after.
    expect(lines).toHaveLength(27);
    expect(lines.filter((line) => line.endsWith("exporting files"))).toHaveLength(21);
    expect(lines).toContain("[#####.....] 5000/10000 files · exporting files");
  });
});
