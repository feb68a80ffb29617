import { describe, expect, it } from "vitest";
import { ExportStage } from "../../shared/model/export/export-record";
import { ExportProgressOutput, terminalRedrawIntervalMs } from "./export-progress-output";

const exporting = ExportStage.exportingFiles;

const outputTo = (isTTY: boolean, columns?: number) => {
  const written: string[] = [];
  let nowMs = 0;
  const output = new ExportProgressOutput(
    { isTTY, columns, write: (text) => written.push(text) },
    () => nowMs,
  );
  return {
    output,
    written,
    advanceMs: (ms: number) => {
      nowMs += ms;
    },
  };
};

describe("ExportProgressOutput on a terminal", () => {
  it("redraws the line in place, at most every 100 ms within a stage, and ends it whole", () => {
    const { output, written, advanceMs } = outputTo(true);
    output.begin();
    output.show(ExportStage.starting, { total: 0, success: 0, failed: 0 });
    output.show(exporting, { total: 4, success: 0, failed: 0 });
    output.show(exporting, { total: 4, success: 1, failed: 0 });
    output.show(exporting, { total: 4, success: 2, failed: 0 });
    advanceMs(terminalRedrawIntervalMs);
    output.show(exporting, { total: 4, success: 3, failed: 0 });
    output.show(exporting, { total: 4, success: 3, failed: 1 });
    output.end();

    expect(written).toEqual([
      "\r[..........] reading the library\x1b[K",
      "\r[..........] 0/4 files · exporting files\x1b[K",
      "\r[#######...] 3/4 files · exporting files\x1b[K",
      "\r[##########] 4/4 files · 1 failed · exporting files\x1b[K",
      "\n",
    ]);
  });

  it("fits the line to the terminal's width", () => {
    const { output, written } = outputTo(true, 20);
    output.show(exporting, { total: 500, success: 120, failed: 0 });
    expect(written).toEqual(["\r[##........] 120/50\x1b[K"]);
  });

  it("writes nothing at the end of a run that showed nothing", () => {
    const { output, written } = outputTo(true);
    output.begin();
    output.end();
    expect(written).toEqual([]);
  });
});

describe("ExportProgressOutput elsewhere", () => {
  it("prints whole lines at stage changes and 5% steps, none to end", () => {
    const { output, written } = outputTo(false);
    output.begin();
    output.show(ExportStage.starting, { total: 0, success: 0, failed: 0 });
    for (let done = 0; done <= 100; done++) {
      output.show(exporting, { total: 100, success: done, failed: 0 });
    }
    output.end();
    expect(written).toHaveLength(1 + 21);
    expect(written.every((line) => line.endsWith("\n") && !line.includes("\r"))).toBe(true);
  });
});
