import { describe, expect, it } from "vitest";
import { jpegFrameSize } from "./jpeg-segments";
import { fixtureBytes, redBlueImage } from "./test-support/images";

/** The offset of the first marker `code` of a JPEG. */
const markerOffset = (jpeg: Uint8Array, code: number) => {
  for (let i = 0; i + 1 < jpeg.length; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === code) return i;
  throw new Error(`no marker ${code.toString(16)}`);
};

describe("jpegFrameSize", () => {
  it.each([
    // EXIF with maker notes and a thumbnail before the frame header.
    ["canon-dslr.jpg", { widthPx: 5184, heightPx: 3456 }],
    ["IMG_20180725_163423-tiny.jpg", { widthPx: 1012, heightPx: 759 }],
    // Stored size, before its EXIF orientation 6 turns it.
    ["f6t.jpg", { widthPx: 80, heightPx: 48 }],
  ])("of %s is its stored size", async (name, size) => {
    expect(jpegFrameSize(await fixtureBytes(name))).toEqual(size);
  });

  it("reads a head cut after the frame header", async () => {
    const jpeg = await fixtureBytes("canon-dslr.jpg");
    // The main frame header, not the one of the EXIF thumbnail before it.
    let frame = -1;
    for (let i = 0; frame < 0 && i + 8 < jpeg.length; i++) {
      const isFrame = jpeg[i] === 0xff && jpeg[i + 1] === 0xc0;
      if (isFrame && ((jpeg[i + 7] ?? 0) << 8) + (jpeg[i + 8] ?? 0) === 5184) frame = i;
    }
    const frameEnd = frame + 10;
    expect(jpegFrameSize(jpeg.subarray(0, frameEnd))).toEqual({ widthPx: 5184, heightPx: 3456 });
    expect(jpegFrameSize(jpeg.subarray(0, frameEnd - 2))).toBeUndefined();
  });

  it("is undefined for what browsers do not decode or is no JPEG", async () => {
    const jpeg = await redBlueImage("jpg", 64, 32);
    expect(jpegFrameSize(jpeg)).toEqual({ widthPx: 64, heightPx: 32 });
    const lossless = jpeg.slice();
    lossless[markerOffset(lossless, 0xc0) + 1] = 0xc3;
    expect(jpegFrameSize(lossless)).toBeUndefined();
    expect(jpegFrameSize(await redBlueImage("png", 64, 32))).toBeUndefined();
    expect(jpegFrameSize(new TextEncoder().encode("<html>not a photo</html>"))).toBeUndefined();
    expect(jpegFrameSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBeUndefined();
  });
});
