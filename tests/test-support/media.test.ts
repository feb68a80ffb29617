// The generated test media are what their names say, checked with Debian's
// own readers (ffprobe, exiftool): the tests that use them rely on it.

import { execFile } from "node:child_process";
import { access, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generatedHeic,
  generatedLargeVideo,
  generatedLivePhotoPair,
  generatedM4a,
  generatedNoiseVideo,
  generatedVideo,
} from "./media";

const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cairn-test-media-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const saved = async (name: string, bytes: Uint8Array): Promise<string> => {
  const filePath = path.join(dir, name);
  await writeFile(filePath, bytes);
  return filePath;
};

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  side_data_list?: { rotation?: number }[];
}

const ffprobe = async (filePath: string) => {
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams", filePath],
  ]);
  return JSON.parse(stdout) as {
    streams: ProbedStream[];
    format: { format_name: string; duration: string; tags?: Record<string, string> };
  };
};

const exiftool = async (filePath: string, tags: string[]) => {
  const { stdout } = await run("exiftool", ["-json", ...tags.map((tag) => `-${tag}`), filePath]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
};

describe("generatedVideo", () => {
  it("is an H.264 MP4 with AAC sound, 640×480, 2 s, with no creation time by default", async () => {
    const probe = await ffprobe(await saved("plain.mp4", await generatedVideo()));
    expect(probe.streams.map((stream) => [stream.codec_type, stream.codec_name])).toEqual([
      ["video", "h264"],
      ["audio", "aac"],
    ]);
    expect([probe.streams[0]?.width, probe.streams[0]?.height]).toEqual([640, 480]);
    expect(Number(probe.format.duration)).toBeCloseTo(2, 1);
    expect(probe.format.tags?.creation_time).toBeUndefined();
  });

  it("writes the container tags and rotation it is asked for", async () => {
    const bytes = await generatedVideo({
      container: "mov",
      durationSec: 0.5,
      widthPx: 1920,
      heightPx: 1080,
      rotationDeg: 90,
      creationTime: "2023-05-01T10:20:30Z",
      appleCreationDate: "2023-05-01T12:20:30+0200",
      appleContentIdentifier: "A1B2",
      iso6709Location: "+48.8584+002.2945/",
      withAudio: false,
    });
    const probe = await ffprobe(await saved("tagged.mov", bytes));
    expect(probe.format.format_name).toContain("mov");
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]?.side_data_list?.[0]?.rotation).toBe(-90);
    expect(Number(probe.format.duration)).toBeCloseTo(0.5, 1);
    expect(probe.format.tags).toMatchObject({
      creation_time: expect.stringMatching(/^2023-05-01T10:20:30/) as string,
      "com.apple.quicktime.creationdate": "2023-05-01T12:20:30+0200",
      "com.apple.quicktime.content.identifier": "A1B2",
      location: "+48.8584+002.2945/",
    });
  });
});

describe("generatedM4a", () => {
  it("holds sound and no video", async () => {
    const probe = await ffprobe(await saved("sound.m4a", await generatedM4a()));
    expect(probe.streams.map((stream) => stream.codec_type)).toEqual(["audio"]);
  });
});

describe("generatedNoiseVideo", () => {
  it("is a 640×360 H.264 MP4 whose noise depends on its seed", async () => {
    const [three, four] = [await generatedNoiseVideo(3), await generatedNoiseVideo(4)];
    expect(Buffer.from(three).equals(Buffer.from(four))).toBe(false);
    const probe = await ffprobe(await saved("noise.mp4", three));
    expect(probe.streams[0]?.codec_name).toBe("h264");
    expect([probe.streams[0]?.width, probe.streams[0]?.height]).toEqual([640, 360]);
  });
});

describe("generatedHeic", () => {
  it("is a HEIC keeping the fixture JPEG's EXIF", async () => {
    const heic = await generatedHeic();
    expect(new TextDecoder().decode(heic.subarray(4, 12))).toBe("ftypheic");
    const tags = await exiftool(await saved("plain.heic", heic), [
      "DateTimeOriginal",
      "GPSLatitude",
      "Make",
    ]);
    expect(tags).toMatchObject({ DateTimeOriginal: "2018:07:25 16:34:23", Make: "Google" });
    expect(tags.GPSLatitude).toMatch(/^50 deg 17/);
  });

  it("writes the capture date it is asked for", async () => {
    const heic = await generatedHeic({
      dateTimeOriginal: "2022:12:24 19:00:05",
      offsetTimeOriginal: "+01:00",
    });
    const tags = await exiftool(await saved("dated.heic", heic), [
      "DateTimeOriginal",
      "OffsetTimeOriginal",
    ]);
    expect(tags).toMatchObject({
      DateTimeOriginal: "2022:12:24 19:00:05",
      OffsetTimeOriginal: "+01:00",
    });
  });
});

describe("generatedLivePhotoPair", () => {
  it("is an iPhone's HEIC and MOV of one moment, each under the 20 MB pairing limit", async () => {
    const { image, video } = await generatedLivePhotoPair({
      baseName: "IMG_0042",
      captureTime: "2022-12-24T18:00:05Z",
      offset: "+01:00",
    });
    expect([image.name, video.name]).toEqual(["IMG_0042.HEIC", "IMG_0042.MOV"]);
    for (const part of [image, video]) expect(part.bytes.length).toBeLessThan(20 * 1024 * 1024);
    const exif = await exiftool(await saved(image.name, image.bytes), [
      "DateTimeOriginal",
      "OffsetTimeOriginal",
    ]);
    expect(exif).toMatchObject({
      DateTimeOriginal: "2022:12:24 19:00:05",
      OffsetTimeOriginal: "+01:00",
    });
    const probe = await ffprobe(await saved(video.name, video.bytes));
    expect(probe.format.tags?.creation_time).toMatch(/^2022-12-24T18:00:05/);
    expect(probe.format.tags?.["com.apple.quicktime.creationdate"]).toBe(
      "2022-12-24T19:00:05+0100",
    );
    expect(probe.format.tags?.["com.apple.quicktime.content.identifier"]).toMatch(
      /^[0-9A-F-]{36}$/,
    );
  });
});

describe("generatedLargeVideo", () => {
  it.each([1024 * 1024, 10 * 1024 * 1024 + 3, 64 * 1024 * 1024])(
    "is a valid H.264 MP4 of exactly %i bytes, removed on request",
    async (sizeBytes) => {
      const large = await generatedLargeVideo(sizeBytes);
      expect(large.sizeBytes).toBe(sizeBytes);
      expect((await stat(large.path)).size).toBe(sizeBytes);
      const probe = await ffprobe(large.path);
      expect(probe.streams[0]?.codec_name).toBe("h264");
      expect(Number(probe.format.duration)).toBeGreaterThan(0);
      await large.remove();
      await expect(access(large.path)).rejects.toThrow();
    },
  );

  it("refuses a size too small to hold a video", async () => {
    await expect(generatedLargeVideo(1000)).rejects.toBeInstanceOf(RangeError);
  });
});
