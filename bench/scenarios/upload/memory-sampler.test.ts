import { describe, expect, it } from "vitest";
import { memoryFigure } from "./memory-sampler";

describe("memoryFigure", () => {
  const samples = [
    { atMs: 0, bytes: 100 },
    { atMs: 250, bytes: 120 },
    { atMs: 500, bytes: 110 },
    // The pick at 600 ms.
    { atMs: 750, bytes: 300 },
    { atMs: 1000, bytes: undefined },
    { atMs: 1250, bytes: 250 },
    // After the finish at 1300 ms.
    { atMs: 1500, bytes: 900 },
  ];

  it("takes the median before the pick as the baseline and the largest sample until the finish as the peak", () => {
    expect(memoryFigure(samples, { fromMs: 600, toMs: 1300 }, (sample) => sample.bytes)).toEqual({
      baselineBytes: 110,
      peakBytes: 300,
      riseBytes: 190,
    });
  });

  it("leaves out samples without the quantity", () => {
    const sparse = samples.map((sample) => ({
      ...sample,
      bytes: sample.atMs === 750 ? undefined : sample.bytes,
    }));
    expect(
      memoryFigure(sparse, { fromMs: 600, toMs: 1300 }, (sample) => sample.bytes).peakBytes,
    ).toBe(250);
  });
});
