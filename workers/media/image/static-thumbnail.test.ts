import { describe, expect, it } from "vitest";
import { staticThumbnailJPEG, staticThumbnailSidePx } from "./static-thumbnail";
import { decodeForTest, pixelAt } from "./test-support/image-codec";

describe("staticThumbnailJPEG", () => {
  it("is a small JPEG of one dark grey", async () => {
    const jpeg = staticThumbnailJPEG();
    expect(jpeg.byteLength).toBe(204);
    expect(Array.from(jpeg.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
    expect(Array.from(jpeg.subarray(-2))).toEqual([0xff, 0xd9]);
    const image = await decodeForTest(jpeg);
    expect([image.widthPx, image.heightPx]).toEqual([staticThumbnailSidePx, staticThumbnailSidePx]);
    for (const [x, y] of [
      [0, 0],
      [15, 15],
      [7, 9],
    ] as const) {
      const [r = 0, g = 0, b = 0, a] = pixelAt(image, x, y);
      expect(Math.abs(r - 0x14) + Math.abs(g - 0x14) + Math.abs(b - 0x14)).toBeLessThanOrEqual(3);
      expect(a).toBe(255);
    }
  });

  it("gives a fresh copy each time, so that a transferred one leaves the next intact", () => {
    const first = staticThumbnailJPEG();
    first.fill(0);
    structuredClone(first.buffer, { transfer: [first.buffer] });
    expect(first.byteLength).toBe(0);
    const second = staticThumbnailJPEG();
    expect(second.byteLength).toBe(204);
    expect(second[0]).toBe(0xff);
  });
});
