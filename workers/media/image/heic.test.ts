import { describe, expect, it } from "vitest";
import { FileConversionFailedError } from "./file-conversion-error";
import { type RGBAImage, decodeHEIC, isHEIF } from "./heic";
import { fixtureBytes, heicOf, redBlueImage, withHEIFRotation } from "./test-support/images";

const heic = { mimeType: "image/heic" };

/** The RGB of the pixel at (x, y). */
const rgbAt = ({ widthPx, rgba }: RGBAImage, xPx: number, yPx: number) =>
  Array.from(rgba.subarray((yPx * widthPx + xPx) * 4, (yPx * widthPx + xPx) * 4 + 3));

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => r < 60 && g < 60 && b > 200;

describe("decodeHEIC", () => {
  it.each([
    ["heic-single.heic", 1440, 960],
    ["heic-iphone7.heic", 4032, 3024],
  ])("decodes %s to RGBA pixels of its size", async (name, widthPx, heightPx) => {
    const image = await decodeHEIC(new Blob([await fixtureBytes(name)]), heic);
    expect({ widthPx: image.widthPx, heightPx: image.heightPx }).toEqual({ widthPx, heightPx });
    expect(image.rgba).toBeInstanceOf(Uint8ClampedArray);
    expect(image.rgba.length).toBe(widthPx * heightPx * 4);
    // Opaque, and a photo rather than a blank buffer.
    expect(image.rgba[3]).toBe(255);
    const middle = rgbAt(image, widthPx / 2, heightPx / 2);
    expect(middle.some((channel) => channel > 0)).toBe(true);
  });

  it("keeps the colours where they are in an unturned image", async () => {
    const image = await decodeHEIC(
      new Blob([await heicOf(await redBlueImage("png", 64, 32), "png")]),
      heic,
    );
    expect([image.widthPx, image.heightPx]).toEqual([64, 32]);
    expect(isRed(rgbAt(image, 8, 16))).toBe(true);
    expect(isBlue(rgbAt(image, 56, 16))).toBe(true);
  });

  it.each([
    // quarters anticlockwise, size, where the red (left) half ends up
    [1, [32, 64], "bottom"],
    [2, [64, 32], "right"],
    [3, [32, 64], "top"],
  ] as const)(
    "applies an irot of %i quarter turns as libheif does",
    async (quarters, size, redSide) => {
      const turned = withHEIFRotation(
        await heicOf(await redBlueImage("png", 64, 32), "png"),
        quarters,
      );
      const image = await decodeHEIC(new Blob([turned]), heic);
      expect([image.widthPx, image.heightPx]).toEqual(size);
      const [w, h] = size;
      const probes = {
        top: rgbAt(image, w / 2, 4),
        bottom: rgbAt(image, w / 2, h - 5),
        left: rgbAt(image, 4, h / 2),
        right: rgbAt(image, w - 5, h / 2),
      };
      const opposite = { bottom: "top", top: "bottom", right: "left" } as const;
      expect(isRed(probes[redSide])).toBe(true);
      expect(isBlue(probes[opposite[redSide]])).toBe(true);
    },
  );

  it("does not apply an EXIF orientation inside a HEIF (its transformations are authoritative)", async () => {
    // f6t.jpg is stored 80×48 with EXIF orientation 6; heif-enc copies the
    // EXIF block but writes no irot.
    const image = await decodeHEIC(
      new Blob([await heicOf(await fixtureBytes("f6t.jpg"), "jpg")]),
      heic,
    );
    expect([image.widthPx, image.heightPx]).toEqual([80, 48]);
  });

  it.each([
    ["a JPEG", async () => fixtureBytes("canon-dslr.jpg")],
    ["a truncated HEIC", async () => (await fixtureBytes("heic-single.heic")).slice(0, 5000)],
    ["no bytes", () => Promise.resolve(new Uint8Array(0))],
  ])("refuses %s with FileConversionFailedError", async (_, bytes) => {
    const failure = decodeHEIC(new Blob([await bytes()]), { mimeType: "image/heif" });
    await expect(failure).rejects.toBeInstanceOf(FileConversionFailedError);
    await expect(failure).rejects.toMatchObject({
      key: "fileConversionFailed",
      mimeType: "image/heif",
      message: "file conversion failed",
    });
  });
});

describe("isHEIF", () => {
  it.each([
    ["image/heic", true],
    ["image/heif", true],
    ["image/heic-sequence", true],
    ["image/heif-sequence", true],
    ["image/avif", false],
    ["image/jpeg", false],
    ["video/quicktime", false],
  ])("%s → %s", (mimeType, expected) => {
    expect(isHEIF({ mimeType })).toBe(expected);
  });
});
