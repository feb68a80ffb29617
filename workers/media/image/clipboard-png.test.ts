import { describe, expect, it } from "vitest";
import { clipboardPNG } from "./clipboard-png";
import { createTestImageCodec, decodeForTest } from "./test-support/image-codec";
import { redBlueImage, redSide, withExifOrientation } from "./test-support/images";

const pngOf = async (bytes: Uint8Array<ArrayBuffer>) => {
  const codec = createTestImageCodec();
  const png = await clipboardPNG(new Blob([bytes]), codec);
  expect(codec.made.every((image) => image.closed)).toBe(true);
  return png;
};

describe("clipboardPNG", () => {
  it("gives a PNG of the image at its full size", async () => {
    const png = await pngOf(await redBlueImage("jpg", 640, 480));
    expect(png.type).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    // The PNG signature: the clipboard takes the bytes as they are.
    expect(Array.from(bytes.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const decoded = await decodeForTest(bytes);
    expect([decoded.widthPx, decoded.heightPx]).toEqual([640, 480]);
    expect(redSide(decoded)).toBe("left");
  });

  it("turns the image as its EXIF orientation asks, as the viewer shows it", async () => {
    // Orientation 6: shown turned a quarter clockwise, so the red left half comes on top.
    const turned = await withExifOrientation(await redBlueImage("jpg", 640, 480), 6);
    const decoded = await decodeForTest(new Uint8Array(await (await pngOf(turned)).arrayBuffer()));
    expect([decoded.widthPx, decoded.heightPx]).toEqual([480, 640]);
    expect(redSide(decoded)).toBe("top");
  });

  it("rejects an image it cannot decode", async () => {
    const codec = createTestImageCodec();
    await expect(
      clipboardPNG(new Blob([new Uint8Array([1, 2, 3, 4])]), codec),
    ).rejects.toBeInstanceOf(Error);
  });
});
