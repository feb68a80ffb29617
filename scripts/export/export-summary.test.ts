import { describe, expect, it } from "vitest";
import { failedFilesListedAtMost, formatDuration, runSummaryLines } from "./export-summary";

const folder = "/backup/Cairn Photos";

describe("formatDuration", () => {
  it.each([
    [0, "0.0 s"],
    [420, "0.4 s"],
    [9_940, "9.9 s"],
    [12_400, "12 s"],
    [59_400, "59 s"],
    [125_000, "2 min 5 s"],
    [3_599_000, "59 min 59 s"],
    [3_780_000, "1 h 3 min"],
  ])("shows %i ms as %j", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("runSummaryLines", () => {
  it.each([
    [
      { total: 3, success: 3, failed: 0 },
      true,
      "Export finished in 14 s: 3 files exported, 0 failed.",
    ],
    [
      { total: 1, success: 1, failed: 0 },
      true,
      "Export finished in 14 s: 1 file exported, 0 failed.",
    ],
    [
      { total: 9, success: 7, failed: 2 },
      true,
      "Export finished in 14 s: 7 files exported, 2 failed (the next export tries them again).",
    ],
    [
      { total: 0, success: 0, failed: 0 },
      true,
      "Export finished in 14 s: nothing new to export, the folder is up to date.",
    ],
    [
      { total: 10, success: 3, failed: 0 },
      false,
      "Export ended early after 14 s: 3 of 10 files exported, 0 failed.",
    ],
  ])("sums up %j (finished: %s)", (progress, finished, first) => {
    expect(
      runSummaryLines({
        progress,
        elapsedMs: 14_000,
        exportFolder: folder,
        failedFiles: [],
        finished,
      }),
    ).toEqual([first, `Folder: ${folder}`]);
  });

  it("lists the failed files with their messages, and how many more there are", () => {
    const failedFiles = Array.from({ length: failedFilesListedAtMost + 2 }, (_, i) => ({
      fileID: 1000 + i,
      message: "not found",
    }));
    const lines = runSummaryLines({
      progress: { total: 60, success: 8, failed: failedFiles.length },
      elapsedMs: 1000,
      exportFolder: folder,
      failedFiles,
      finished: true,
    });
    expect(lines.slice(1, 4)).toEqual([
      `Folder: ${folder}`,
      "Failed files:",
      "  file 1000: not found",
    ]);
    expect(lines).toHaveLength(3 + failedFilesListedAtMost + 1);
    expect(lines.at(-1)).toBe("  … and 2 more");
  });
});
