import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NativeConversionResult } from "./native-conversion-contract";
import {
  createNodeNativeConversions,
  loadNodeNativeConversionDeps,
} from "./node-native-conversions";

const fixtures = "/work/shared/fixtures/media";
const run = promisify(execFile);

let ffmpegPath: string;
let testDir: string;

beforeAll(async () => {
  const deps = await loadNodeNativeConversionDeps();
  if (deps.ffmpegPath === undefined || deps.sharp === undefined) {
    throw new Error("the npm packages sharp and @ffmpeg-installer/ffmpeg should load here");
  }
  ffmpegPath = deps.ffmpegPath;
  testDir = await mkdtemp(path.join(os.tmpdir(), "native-conversion-test-"));
});

afterAll(async () => {
  await rm(testDir, { recursive: true, force: true });
});

const conversions = () => createNodeNativeConversions({ ffmpegPath, sharp });

const okBytes = (result: NativeConversionResult): Uint8Array => {
  if (!result.ok) throw new Error(`expected a conversion, got ${result.reason}: ${result.message}`);
  // A plain Uint8Array, not a Buffer: see [Note: A conversion answers a plain Uint8Array].
  expect(Object.getPrototypeOf(result.bytes)).toBe(Uint8Array.prototype);
  return result.bytes;
};

/** What the npm ffmpeg says of a file: its stream lines and, decoding it whole, the time reached. */
const ffmpegFacts = async (filePath: string) => {
  const { stderr } = await run(ffmpegPath, ["-hide_banner", "-i", filePath, "-f", "null", "-"]);
  const streams = stderr.split("\n").filter((line) => line.includes("Stream #"));
  const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)].map(
    ([, h = "0", m = "0", s = "0"]) => Number(h) * 3600 + Number(m) * 60 + Number(s),
  );
  return { streams: streams.join("\n"), decodedSeconds: times.at(-1) ?? 0 };
};

describe("toJPEG", () => {
  it("turns a TIFF with EXIF orientation 6 into an upright JPEG", async () => {
    const source = await readFile(path.join(fixtures, "f6t.jpg"));
    const tiff = await sharp(source).keepMetadata().tiff().toBuffer();
    const tiffFacts = await sharp(tiff).metadata();
    expect(tiffFacts).toMatchObject({ format: "tiff", width: 80, height: 48, orientation: 6 });

    const jpeg = await sharp(okBytes(await conversions().toJPEG(tiff, "scan.tif"))).metadata();

    // Orientation 6 is a quarter turn: the upright picture is 48 wide and 80 high.
    expect(jpeg).toMatchObject({ format: "jpeg", width: 48, height: 80 });
    expect(jpeg.orientation ?? 1).toBe(1);
    expect(jpeg.exif).toBeDefined();
  });

  it("answers not-available for an iPhone HEIC, which this sharp cannot decode (no HEVC)", async () => {
    const heic = await readFile(path.join(fixtures, "heic-iphone7.heic"));
    const result = await conversions().toJPEG(heic, "IMG_0001.HEIC");
    expect(result).toMatchObject({ ok: false, reason: "not-available" });
    expect(!result.ok && result.message).toContain("HEIC");
    // The premise: sharp really cannot turn it into a JPEG here.
    await expect(sharp(heic).jpeg().toBuffer()).rejects.toThrow();
  });

  it("answers not-available for a PSD and for a RAW named .cr2", async () => {
    const psd = new Uint8Array([...Buffer.from("8BPS"), 0, 1, 0, 0, 0, 0, 0, 0, 0, 3]);
    expect(await conversions().toJPEG(psd, "poster.psd")).toMatchObject({
      ok: false,
      reason: "not-available",
      message: expect.stringContaining("PSD") as unknown,
    });
    const tiffInside = await sharp(await readFile(path.join(fixtures, "f6t.jpg")))
      .tiff()
      .toBuffer();
    expect(await conversions().toJPEG(tiffInside, "IMG_0002.CR2")).toMatchObject({
      ok: false,
      reason: "not-available",
      message: expect.stringContaining("RAW (.cr2)") as unknown,
    });
  });

  it("answers failed for a damaged TIFF", async () => {
    const source = await readFile(path.join(fixtures, "door-knocker.jpg"));
    const tiff = await sharp(source).tiff({ compression: "jpeg" }).toBuffer();
    const truncated = tiff.subarray(0, Math.floor(tiff.length / 2));
    const result = await conversions().toJPEG(truncated, "scan.tiff");
    expect(result).toMatchObject({ ok: false, reason: "failed" });
  });

  it("answers not-available without sharp", async () => {
    const native = createNodeNativeConversions({ ffmpegPath, sharp: undefined });
    const png = await readFile(path.join(fixtures, "png_with_exif_and_gps.png"));
    expect(await native.toJPEG(png, "a.png")).toMatchObject({ ok: false, reason: "not-available" });
  });
});

describe("toMP4", () => {
  /** A video made with the npm ffmpeg; `.mov` with its index (moov) after the media data. */
  const makeVideo = async (name: string, args: string[]): Promise<Uint8Array> => {
    const filePath = path.join(testDir, name);
    await run(ffmpegPath, ["-hide_banner", "-y", ...args, filePath]);
    return new Uint8Array(await readFile(filePath));
  };

  const convertAndInspect = async (video: Uint8Array, name: string) => {
    const mp4 = okBytes(await conversions().toMP4(video, name));
    const answerPath = path.join(testDir, `${name}.answer.mp4`);
    await writeFile(answerPath, mp4);
    return ffmpegFacts(answerPath);
  };

  it("turns an MPEG-2 .mov with sound and its index at the end into a playable H.264/AAC MP4", async () => {
    const video = await makeVideo("mpeg2.mov", [
      ...["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1.5"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1.5"],
      ...["-c:v", "mpeg2video", "-c:a", "pcm_s16le", "-shortest"],
    ]);
    const text = Buffer.from(video).toString("latin1");
    expect(text.indexOf("moov")).toBeGreaterThan(text.indexOf("mdat"));

    // The conversion writes nothing to the temporary folder, nor does ffmpeg.
    const scratch = await mkdtemp(path.join(testDir, "tmp-"));
    const savedTmpDir = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    let facts;
    try {
      expect(os.tmpdir()).toBe(scratch);
      const before = await readdir(os.tmpdir());
      facts = await convertAndInspect(video, "mpeg2.mov");
      expect(await readdir(os.tmpdir())).toEqual(before);
    } finally {
      if (savedTmpDir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmpDir;
    }

    expect(facts.streams).toMatch(/Video: h264 .*yuv420p.*160x120/);
    expect(facts.streams).toContain("Audio: aac");
    expect(facts.decodedSeconds).toBeGreaterThan(1.3);
    expect(facts.decodedSeconds).toBeLessThan(1.8);
  });

  it("turns a 10-bit ProRes of odd size without sound into 8-bit 4:2:0 H.264 that browsers play", async () => {
    const video = await makeVideo("prores.mov", [
      ...["-f", "lavfi", "-i", "testsrc=size=161x121:rate=25:duration=1"],
      ...["-c:v", "prores_ks", "-profile:v", "2", "-pix_fmt", "yuv422p10le"],
    ]);
    const facts = await convertAndInspect(video, "prores.mov");
    expect(facts.streams).toMatch(/Video: h264 .*yuv420p.*160x120/);
    expect(facts.streams).not.toContain("Audio:");
    expect(facts.decodedSeconds).toBeGreaterThan(0.8);
    expect(facts.decodedSeconds).toBeLessThan(1.3);
  });

  it("answers failed, with ffmpeg's words, for bytes that are not a video", async () => {
    const notVideo = new TextEncoder().encode("this is not a video at all ".repeat(100));
    const result = await conversions().toMP4(notVideo, "clip.mov");
    expect(result).toMatchObject({ ok: false, reason: "failed" });
    expect(!result.ok && result.message).toMatch(/ffmpeg exited \d+\n.+/);
  });

  it("answers not-available without ffmpeg, or with one that does not run", async () => {
    const notExecutable = path.join(testDir, "ffmpeg-not-executable");
    await writeFile(notExecutable, "not a program", { mode: 0o644 });
    const video = new Uint8Array(1000);
    for (const missingPath of [undefined, path.join(testDir, "no-such-ffmpeg"), notExecutable]) {
      const native = createNodeNativeConversions({ ffmpegPath: missingPath, sharp });
      expect(await native.toMP4(video, "clip.avi")).toMatchObject({
        ok: false,
        reason: "not-available",
      });
    }
  });
});
