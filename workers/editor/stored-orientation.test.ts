import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inTemporaryDir, run } from "../../tests/test-support/media-tools";
import { storedOrientation, withOrientationAsStored } from "./stored-orientation";

/** A 24 × 16 image of `format` made by ffmpeg, with EXIF orientation `orientation` set by exiftool (if any). */
const imageWithOrientation = (format: "jpg" | "png" | "webp", orientation?: number) =>
  inTemporaryDir(async (dir) => {
    const file = path.join(dir, `image.${format}`);
    await run("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=24x16",
      "-frames:v",
      "1",
      file,
    ]);
    if (orientation !== undefined) {
      await run("exiftool", [
        "-q",
        "-overwrite_original",
        `-Orientation#=${String(orientation)}`,
        file,
      ]);
    }
    return new Uint8Array(await readFile(file));
  });

/** The orientation exiftool reads (independent of the code under test). */
const orientationOf = (bytes: Uint8Array, format: string): Promise<number | undefined> =>
  inTemporaryDir(async (dir) => {
    const file = path.join(dir, `image.${format}`);
    await writeFile(file, bytes);
    const { stdout } = await run("exiftool", ["-n", "-s3", "-Orientation", file]);
    return stdout.trim() === "" ? undefined : Number(stdout.trim());
  });

/** Where `a` and `b` differ. */
const differingBytes = (a: Uint8Array, b: Uint8Array) =>
  [...a].flatMap((byte, index) => (byte === b[index] ? [] : [index]));

describe("withOrientationAsStored", () => {
  it.each(["jpg", "png", "webp"] as const)(
    "sets a %s's orientation to 1 and changes nothing else but its checksum",
    async (format) => {
      const turned = await imageWithOrientation(format, 6);
      expect(await orientationOf(turned, format)).toBe(6);
      const asStored = withOrientationAsStored(turned);
      expect(asStored).toBeDefined();
      if (asStored === undefined) return;
      expect(await orientationOf(asStored, format)).toBe(1);
      expect(asStored.length).toBe(turned.length);
      // The value's low byte (little- or big-endian), and for PNG the chunk's 4 CRC bytes.
      expect(differingBytes(asStored, turned).length).toBeLessThanOrEqual(format === "png" ? 5 : 1);
      expect(turned[0]).toBe(asStored[0]);
    },
  );

  it("recomputes the PNG eXIf chunk's CRC", async () => {
    const asStored = withOrientationAsStored(await imageWithOrientation("png", 8));
    if (asStored === undefined) throw new Error("not patched");
    const view = new DataView(asStored.buffer, asStored.byteOffset);
    const exifAt = Buffer.from(asStored).indexOf("eXIf") - 4;
    const lengthBytes = view.getUint32(exifAt);
    const crcAt = exifAt + 8 + lengthBytes;
    expect(view.getUint32(crcAt)).toBe(crc32(asStored.subarray(exifAt + 4, crcAt)));
  });

  it("patches a file's head alone (the EXIF sits before the pixels)", async () => {
    const turned = await imageWithOrientation("jpg", 3);
    const head = turned.subarray(0, 200);
    const asStored = withOrientationAsStored(head);
    expect(asStored?.length).toBe(200);
  });

  it.each([
    ["a JPEG already as stored", () => imageWithOrientation("jpg", 1)],
    ["a JPEG without EXIF", () => imageWithOrientation("jpg")],
    ["a PNG without eXIf", () => imageWithOrientation("png")],
    ["bytes of no image", () => Promise.resolve(new TextEncoder().encode("not an image at all"))],
  ])("leaves %s alone", async (_, make) => {
    expect(withOrientationAsStored(await make())).toBeUndefined();
  });

  it.each([
    ["jpg", 6],
    ["png", 8],
    ["webp", 3],
    ["jpg", 1],
    ["jpg", undefined],
  ] as const)(
    "tells a %s's orientation %s as the editor's model reads it",
    async (format, given) => {
      expect(storedOrientation(await imageWithOrientation(format, given)).exifOrientation).toBe(
        given ?? 1,
      );
    },
  );

  it("writes into a copy, never into the bytes given", async () => {
    const turned = await imageWithOrientation("jpg", 6);
    const before = turned.slice();
    withOrientationAsStored(turned);
    expect(differingBytes(turned, before)).toEqual([]);
  });

  it("keeps a file written by exiftool readable after the patch", async () => {
    const asStored = withOrientationAsStored(await imageWithOrientation("jpg", 6));
    await inTemporaryDir(async (dir) => {
      const file = path.join(dir, "patched.jpg");
      await writeFile(file, asStored ?? new Uint8Array());
      const { stdout } = await run("ffprobe", [
        "-v",
        "error",
        "-show_entries",
        "stream=width,height",
        "-of",
        "csv=p=0",
        file,
      ]);
      expect(stdout.trim()).toBe("24,16");
    });
  });
});
