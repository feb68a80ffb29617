import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PixelSize } from "../../shared/model/media/thumbnail-rules";
import { testPixelSource } from "./test-support/test-pixel-source";
import {
  ImageDecodeError,
  cappedSize,
  clipMaxLongSidePx,
  modelImages,
  thingsInputSizePx,
} from "./image-pixels";

// The models' pixels from real photos (shared/fixtures/media), decoded and
// scaled by the media tests' ffmpeg codec standing in for the browser's.
// See: [Note: What the ML worker feeds its models]

const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");

const size = (widthPx: number, heightPx: number): PixelSize => ({ widthPx, heightPx });

describe("cappedSize", () => {
  it.each([
    ["a thumbnail is kept", size(720, 540), 1024, size(720, 540)],
    ["exactly the cap is kept", size(1024, 768), 1024, size(1024, 768)],
    ["a small image is never enlarged", size(3, 2), 1024, size(3, 2)],
    ["landscape: the width is capped", size(4000, 3000), 1024, size(1024, 768)],
    ["portrait: the height is capped", size(3000, 4000), 1024, size(768, 1024)],
    ["a side is rounded to the nearest pixel", size(2049, 1000), 1024, size(1024, 500)],
    ["a sliver keeps one pixel", size(10_000, 3), 1024, size(1024, 1)],
  ])("%s", (_case, given, maxLongSidePx, expected) => {
    expect(cappedSize(given, maxLongSidePx)).toEqual(expected);
  });
});

describe("modelImages", () => {
  const source = testPixelSource();
  const { codec } = source;
  const fixture = async (name: string) => new Uint8Array(await readFile(path.join(fixtures, name)));

  it.each([
    // A thumbnail-sized photo goes to CLIP as it is.
    ["Bush-dog.jpg", size(400, 398), size(400, 398)],
    // A camera's original is capped for CLIP; its size is the whole photo's.
    ["canon-dslr.jpg", size(5184, 3456), size(1024, 683)],
  ])("%s: CLIP gets it capped at 1024 px, the detector 512×512", async (name, photo, forClip) => {
    const made = codec.made.length;
    const images = await modelImages(source, await fixture(name));
    expect(images.size).toEqual(photo);
    expect(images.clip).toMatchObject({ width: forClip.widthPx, height: forClip.heightPx });
    expect(images.clip.data).toHaveLength(forClip.widthPx * forClip.heightPx * 4);
    expect(Math.max(images.clip.width, images.clip.height)).toBeLessThanOrEqual(clipMaxLongSidePx);
    expect(images.things).toMatchObject({ width: thingsInputSizePx, height: thingsInputSizePx });
    expect(images.things.data).toHaveLength(thingsInputSizePx * thingsInputSizePx * 4);
    // Not a blank canvas: the photo's pixels vary (canon-dslr.jpg is a dark room).
    expect(new Set(images.things.data.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(10);
    // Every image the codec made for it (decoded, resized) was freed.
    expect(codec.made.slice(made).every(({ closed }) => closed)).toBe(true);
  });

  it("names bytes that are no image", async () => {
    await expect(
      modelImages(source, new TextEncoder().encode("not a photo at all")),
    ).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
