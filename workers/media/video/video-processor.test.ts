// The real ffmpeg.wasm (the npm package's core) on real videos made by
// Debian's ffmpeg, under Node with the two worker globals it needs.
// See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]

import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generatedLargeVideo,
  generatedLivePhotoPair,
  generatedM4a,
  generatedVideo,
  generatedVideoColours,
  type GeneratedVideoOptions,
} from "../../../tests/test-support/media";
import { thumbnailTargetBytes } from "../../../shared/model/media/thumbnail-rules";
import { evenWidthForHeight, jpegFacts } from "./test-support/jpeg-facts";
import {
  fetchFileURL,
  installNodeFFmpegHost,
  type NodeFFmpegHost,
  nodeFFmpegCore,
} from "./test-support/node-ffmpeg-host";
import {
  FFmpegUnavailableError,
  VideoFrameUnavailableError,
  VideoUnreadableError,
} from "./video-errors";
import { createVideoProcessor, ffmpegJpegQuantiser } from "./video-processor";

let host: NodeFFmpegHost;
beforeAll(() => {
  host = installNodeFFmpegHost();
});
afterAll(async () => {
  await host.uninstall();
});

/** One processor for most tests, as a worker has one. */
const processor = createVideoProcessor(nodeFFmpegCore, { fetchWasm: fetchFileURL });

const videoFile = async (options: GeneratedVideoOptions, name = "clip.mp4") =>
  new File([await generatedVideo(options)], name);

const us = (iso: string) => Date.parse(iso) * 1000;

/** Blue is within JPEG's rounding of pure blue; red likewise. */
const expectColour = (rgb: readonly number[], expected: readonly number[]) => {
  rgb.forEach((channel, i) => {
    expect(Math.abs(channel - (expected[i] ?? 0))).toBeLessThan(24);
  });
};

/** The top-level MP4 box `type`: its offset and size. */
const findBox = (bytes: Uint8Array, type: string): { offset: number; sizeBytes: number } => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const sizeBytes = view.getUint32(offset);
    if (new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8)) === type) {
      return { offset, sizeBytes };
    }
    offset += sizeBytes;
  }
  throw new Error(`No ${type} box`);
};

describe("ffmpegJpegQuantiser", () => {
  it.each([
    [0.7, 5],
    [0.6, 6],
    [0.5, 7],
  ])("gives quality %f ffmpeg's quantiser %i", (quality, quantiser) => {
    expect(ffmpegJpegQuantiser(quality)).toBe(quantiser);
  });
});

describe("probeVideo", () => {
  it("reads an MP4's creation time, duration, size and place", async () => {
    const file = await videoFile({
      creationTime: "2023-05-01T10:20:30Z",
      iso6709Location: "+48.8584+002.2945/",
    });
    const probe = await processor.probeVideo(file);
    expect(probe).toEqual({
      creationTimeUs: us("2023-05-01T10:20:30Z"),
      durationSec: expect.closeTo(2, 1) as number,
      widthPx: 640,
      heightPx: 480,
      latitude: 48.8584,
      longitude: 2.2945,
    });
  });

  it("gives no creation time for an MP4 without one", async () => {
    const probe = await processor.probeVideo(await videoFile({}));
    expect(probe.creationTimeUs).toBeUndefined();
    expect(probe.durationSec).toBeCloseTo(2, 1);
  });

  it("ignores a creation time in the future", async () => {
    const probe = await processor.probeVideo(
      await videoFile({ creationTime: "2099-01-01T00:00:00Z" }),
    );
    expect(probe.creationTimeUs).toBeUndefined();
    expect(probe.widthPx).toBe(640);
  });

  it("judges the future by the clock it is given", async () => {
    const file = await videoFile({ creationTime: "2023-05-01T10:20:30Z" });
    const past = createVideoProcessor(nodeFFmpegCore, {
      fetchWasm: fetchFileURL,
      nowUs: () => us("2023-05-01T10:20:29Z"),
    });
    expect((await past.probeVideo(file)).creationTimeUs).toBeUndefined();
  });

  it("prefers a MOV's Apple creation date to its creation_time", async () => {
    // An iPhone export: creation_time is the export's time, Apple's date the capture's.
    const file = await videoFile(
      {
        container: "mov",
        creationTime: "2023-06-10T08:00:00Z",
        appleCreationDate: "2023-05-01T12:20:30+0200",
      },
      "IMG_0002.MOV",
    );
    expect((await processor.probeVideo(file)).creationTimeUs).toBe(us("2023-05-01T10:20:30Z"));
  });

  it("reads a live photo's MOV at the moment its HEIC was taken", async () => {
    const { video } = await generatedLivePhotoPair({ captureTime: "2022-12-24T18:00:05Z" });
    const probe = await processor.probeVideo(new File([video.bytes], video.name));
    expect(probe.creationTimeUs).toBe(us("2022-12-24T18:00:05Z"));
    expect([probe.widthPx, probe.heightPx]).toEqual([1440, 1080]);
  });

  it("gives a rotated video's displayed size", async () => {
    const file = await videoFile({ widthPx: 1920, heightPx: 1080, rotationDeg: 90 });
    const probe = await processor.probeVideo(file);
    expect([probe.widthPx, probe.heightPx]).toEqual([1080, 1920]);
  });

  it("reads the duration of a video shorter than a second", async () => {
    const probe = await processor.probeVideo(await videoFile({ durationSec: 0.5 }));
    expect(probe.durationSec).toBeGreaterThan(0.4);
    expect(probe.durationSec).toBeLessThan(0.6);
  });
});

describe("videoThumbnailJPEG", () => {
  it.each<[string, GeneratedVideoOptions, number, number]>([
    ["an MP4 (upscaled to 720)", { creationTime: "2023-05-01T10:20:30Z" }, 640, 480],
    ["an MP4 without a creation time", {}, 640, 480],
    ["a MOV", { container: "mov", widthPx: 1280, heightPx: 720 }, 1280, 720],
    ["a 1080p video (downscaled)", { widthPx: 1920, heightPx: 1080, withAudio: false }, 1920, 1080],
    ["a video turned upright", { widthPx: 1920, heightPx: 1080, rotationDeg: 90 }, 1080, 1920],
    ["a video turned upside down", { widthPx: 640, heightPx: 360, rotationDeg: 180 }, 640, 360],
    ["a portrait-shaped video", { widthPx: 720, heightPx: 1280 }, 720, 1280],
  ])(
    "takes %s's frame at second 1, 720 px high",
    async (_, options, shownWidthPx, shownHeightPx) => {
      const jpeg = await processor.videoThumbnailJPEG(await videoFile(options));
      const facts = await jpegFacts(jpeg);
      expect(facts.heightPx).toBe(720);
      expect(facts.widthPx).toBe(evenWidthForHeight(shownWidthPx, shownHeightPx, 720));
      expectColour(facts.meanRgb, generatedVideoColours.fromSecond1.rgb);
    },
  );

  it("takes the first frame of a video shorter than a second", async () => {
    const jpeg = await processor.videoThumbnailJPEG(await videoFile({ durationSec: 0.5 }));
    const facts = await jpegFacts(jpeg);
    expect([facts.widthPx, facts.heightPx]).toEqual([960, 720]);
    expectColour(facts.meanRgb, generatedVideoColours.beforeSecond1.rgb);
  });

  it("encodes a plain frame once, at the first quality", async () => {
    const jpeg = await processor.videoThumbnailJPEG(
      await videoFile({ widthPx: 1920, heightPx: 1080 }),
    );
    expect((await jpegFacts(jpeg)).ffmpegQuantiser).toBe(ffmpegJpegQuantiser(0.7));
  });

  it("steps a detailed frame's quality down until it is within the ~100 KB target", async () => {
    // 104 KB at 0.7, 92 KB at 0.6 (ffmpeg's quantisers 5 and 6).
    const file = await videoFile({
      widthPx: 1920,
      heightPx: 1080,
      photo: "IMG_20180725_163423-tiny.jpg",
    });
    const jpeg = await processor.videoThumbnailJPEG(file);
    const facts = await jpegFacts(jpeg);
    expect([facts.widthPx, facts.heightPx]).toEqual([1280, 720]);
    expect(facts.ffmpegQuantiser).toBe(ffmpegJpegQuantiser(0.6));
    expect(jpeg.length).toBeLessThanOrEqual(thumbnailTargetBytes);
  });

  it("stops at the lowest quality for a frame still over the target", async () => {
    // About 180, 157 and 140 KB at 0.7, 0.6 and 0.5: a larger thumbnail is kept rather than a blurred one.
    const file = await videoFile({ widthPx: 1920, heightPx: 1080, photo: "door-knocker.jpg" });
    const jpeg = await processor.videoThumbnailJPEG(file);
    expect((await jpegFacts(jpeg)).ffmpegQuantiser).toBe(ffmpegJpegQuantiser(0.5));
    expect(jpeg.length).toBeGreaterThan(thumbnailTargetBytes);
  });
});

describe("a file that is not a video", () => {
  const notVideos: [string, () => Promise<File>][] = [
    ["text", () => Promise.resolve(new File(["just some words, not a video\n"], "notes.mp4"))],
    [
      "random bytes",
      () => Promise.resolve(new File([crypto.getRandomValues(new Uint8Array(64 * 1024))], "x.mov")),
    ],
    ["empty", () => Promise.resolve(new File([], "empty.mp4"))],
    ["an audio file", async () => new File([await generatedM4a()], "sound.m4a")],
  ];

  it.each(notVideos)("refuses %s with VideoUnreadableError when probed", async (_, make) => {
    const error: unknown = await processor.probeVideo(await make()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoUnreadableError);
    expect((error as VideoUnreadableError).key).toBe("unsupportedFileFormat");
  });

  it.each(notVideos)("refuses %s with VideoUnreadableError for a thumbnail", async (_, make) => {
    await expect(processor.videoThumbnailJPEG(await make())).rejects.toBeInstanceOf(
      VideoUnreadableError,
    );
  });

  it("gives VideoFrameUnavailableError for a video whose frames are cut off", async () => {
    const whole = await generatedVideo({ withAudio: false });
    // faststart puts the index first: keep it and only the first bytes of the frames.
    const mdat = findBox(whole, "mdat");
    const cut = new File([whole.slice(0, mdat.offset + 16)], "cut.mp4");
    const probe = await processor.probeVideo(cut);
    expect(probe.widthPx).toBe(640);
    const error: unknown = await processor.videoThumbnailJPEG(cut).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoFrameUnavailableError);
    expect((error as VideoFrameUnavailableError).key).toBe("fileConversionFailed");
  });

  it("gives VideoFrameUnavailableError when no frame comes in time", async () => {
    const hurried = createVideoProcessor(nodeFFmpegCore, {
      fetchWasm: fetchFileURL,
      frameTimeoutMs: 1,
    });
    const file = await videoFile({ widthPx: 1920, heightPx: 1080 });
    await expect(hurried.videoThumbnailJPEG(file)).rejects.toBeInstanceOf(
      VideoFrameUnavailableError,
    );
  });

  it("still reads videos after refusing one", async () => {
    await processor.probeVideo(new File(["nope"], "a.mp4")).catch(() => undefined);
    const jpeg = await processor.videoThumbnailJPEG(await videoFile({}));
    expect((await jpegFacts(jpeg)).heightPx).toBe(720);
  });
});

describe("the one ffmpeg core", () => {
  it("is fetched only when the first video comes, and once", async () => {
    const fetched: string[] = [];
    const lazy = createVideoProcessor(nodeFFmpegCore, {
      fetchWasm: (url) => {
        fetched.push(url);
        return fetchFileURL(url);
      },
    });
    expect(fetched).toEqual([]);
    const file = await videoFile({});
    await Promise.all([
      lazy.probeVideo(file),
      lazy.videoThumbnailJPEG(file),
      lazy.probeVideo(file),
    ]);
    await lazy.probeVideo(file);
    expect(fetched).toEqual([nodeFFmpegCore.wasmURL]);
  });

  it("answers concurrent jobs each with its own file's result", async () => {
    const durations = [0.5, 2, 3, 4];
    const files = await Promise.all(durations.map((durationSec) => videoFile({ durationSec })));
    const [probes, thumbnails] = await Promise.all([
      Promise.all(files.map((file) => processor.probeVideo(file))),
      Promise.all(files.map((file) => processor.videoThumbnailJPEG(file))),
    ]);
    probes.forEach((probe, i) => {
      expect(probe.durationSec).toBeCloseTo(durations[i] ?? 0, 1);
    });
    const colours = await Promise.all(
      thumbnails.map(async (jpeg) => (await jpegFacts(jpeg)).meanRgb),
    );
    expectColour(colours[0] ?? [], generatedVideoColours.beforeSecond1.rgb);
    for (const colour of colours.slice(1))
      expectColour(colour, generatedVideoColours.fromSecond1.rgb);
  });

  it("reports a core it cannot load, and loads it on the next call", async () => {
    let failNext = true;
    const flaky = createVideoProcessor(nodeFFmpegCore, {
      fetchWasm: (url) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new TypeError("Failed to fetch"));
        }
        return fetchFileURL(url);
      },
    });
    const file = await videoFile({});
    const error: unknown = await flaky.probeVideo(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FFmpegUnavailableError);
    expect((error as FFmpegUnavailableError).cause).toBeInstanceOf(TypeError);
    expect((await flaky.probeVideo(file)).widthPx).toBe(640);
  });

  it("reports a core URL that is not @ffmpeg/core", async () => {
    const wrong = createVideoProcessor(
      {
        coreURL: new URL("./video-errors.ts", import.meta.url).href,
        wasmURL: nodeFFmpegCore.wasmURL,
      },
      { fetchWasm: fetchFileURL },
    );
    await expect(wrong.probeVideo(await videoFile({}))).rejects.toBeInstanceOf(
      FFmpegUnavailableError,
    );
  });
});

describe("a large video", () => {
  it("is probed and thumbnailed reading a small part of it", async () => {
    const large = await generatedLargeVideo(128 * 1024 * 1024);
    try {
      const file = new File([await readFile(large.path)], "large.mp4");
      host.resetBytesRead();
      const probe = await processor.probeVideo(file);
      const jpeg = await processor.videoThumbnailJPEG(file);
      expect(probe.durationSec).toBeGreaterThan(25);
      expect((await jpegFacts(jpeg)).heightPx).toBe(720);
      // The index (at the end) and the frames from a key frame to second 1.
      expect(host.bytesRead()).toBeLessThan(file.size / 10);
    } finally {
      await large.remove();
    }
  });
});
