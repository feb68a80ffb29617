import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDirectory, type StaticServer } from "../../bench/lib/static-server";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import { fromB64 } from "../../shared/crypto/base64";
import { evenWidthForHeight, jpegFacts } from "../../workers/media/video/test-support/jpeg-facts";
import {
  generatedLargeVideo,
  generatedLivePhotoPair,
  generatedM4a,
  generatedNoiseVideo,
  generatedVideo,
  generatedVideoColours,
  type LargeVideoFile,
} from "../test-support/media";
import type { VideoOutcome } from "./pages/media-video/media-video.worker";
import { launchPatientChromium } from "./test-support/patient-browser";

// The media worker's video path in Chromium: a dedicated worker built by vite
// loads ffmpeg.wasm from the files the build emits (Vite `?url` assets), and
// reads Files, fetched or picked from disk, through WORKERFS.
// See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/media-video");
const outDir = path.join(here, ".build/media-video");

/**
 * Noise videos whose frame at second 1 spins ffmpeg.wasm forever with
 * "-huffman optimal" (found by trying seeds; about one in five does).
 * Several, so that the test still meets the bug if an x264 update changes
 * the bytes a seed gives.
 */
const grainSeeds = [3, 10, 21, 23];

/** A large video picked from disk: large enough that reading it whole would show, quick to make (~2 s). */
const largeVideoBytes = 1024 * 1024 * 1024;

let server: StaticServer;
let browser: Browser;
let page: Page;
let largeVideo: LargeVideoFile | undefined;

const us = (iso: string) => Date.parse(iso) * 1000;

/** Writes the media the tests open beside the built page, under `media/`. */
const writeMedia = async () => {
  const mediaDir = path.join(outDir, "media");
  await mkdir(mediaDir, { recursive: true });
  const pair = await generatedLivePhotoPair({ captureTime: "2021-08-14T07:30:00Z" });
  const media: [string, Uint8Array][] = [
    [
      "with-time.mp4",
      await generatedVideo({
        creationTime: "2023-05-01T10:20:30Z",
        iso6709Location: "+48.8584+002.2945/",
      }),
    ],
    ["without-time.mp4", await generatedVideo({})],
    ["future.mp4", await generatedVideo({ creationTime: "2099-01-01T00:00:00Z" })],
    ["clip.mov", await generatedVideo({ container: "mov", widthPx: 1280, heightPx: 720 })],
    ["short.mp4", await generatedVideo({ durationSec: 0.5 })],
    ["portrait.mp4", await generatedVideo({ widthPx: 1920, heightPx: 1080, rotationDeg: 90 })],
    [pair.video.name, pair.video.bytes],
    ["sound.m4a", await generatedM4a()],
    ["notes.mp4", new TextEncoder().encode("not a video at all\n")],
    ...(await Promise.all(
      grainSeeds.map(async (seed): Promise<[string, Uint8Array]> => [
        `grain-${String(seed)}.mp4`,
        await generatedNoiseVideo(seed),
      ]),
    )),
  ];
  await Promise.all(media.map(([name, bytes]) => writeFile(path.join(mediaDir, name), bytes)));
};

beforeAll(async () => {
  await build(benchPageViteConfig(pageRoot, outDir));
  await writeMedia();
  largeVideo = await generatedLargeVideo(largeVideoBytes);
  server = await serveDirectory(outDir);
  browser = await launchPatientChromium();
  page = await browser.newPage();
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => window.cairnMediaVideoTest !== undefined);
});

afterAll(async () => {
  await browser.close();
  await server.close();
  await largeVideo?.remove();
});

const probe = (name: string): Promise<VideoOutcome | undefined> =>
  page.evaluate((n) => window.cairnMediaVideoTest?.probe(n), name);

const thumbnail = (name: string): Promise<VideoOutcome | undefined> =>
  page.evaluate((n) => window.cairnMediaVideoTest?.thumbnail(n), name);

const probed = async (name: string) => {
  const outcome = await probe(name);
  if (outcome?.ok !== true || outcome.probe === undefined) {
    throw new Error(`no probe: ${JSON.stringify(outcome)}`);
  }
  return outcome.probe;
};

/** The thumbnail's JPEG, decoded in Node by Debian's ffmpeg. */
const thumbnailFacts = async (outcome: VideoOutcome | undefined) => {
  if (outcome?.ok !== true || outcome.jpegB64 === undefined) {
    throw new Error(`no thumbnail: ${JSON.stringify(outcome)}`);
  }
  return jpegFacts(fromB64(outcome.jpegB64));
};

const expectColour = (rgb: readonly number[], expected: readonly number[]) => {
  rgb.forEach((channel, i) => {
    expect(Math.abs(channel - (expected[i] ?? 0))).toBeLessThan(24);
  });
};

it("runs ffmpeg.wasm in a worker without a DOM, from the files the build emits", async () => {
  const facts = await page.evaluate(() => window.cairnMediaVideoTest?.workerFacts());
  expect(facts?.hasDOM).toBe(false);
  expect(facts?.coreURL).toMatch(/\/assets\/ffmpeg-core-[\w-]+\.js$/);
  expect(facts?.wasmURL).toMatch(/\/assets\/ffmpeg-core-[\w-]+\.wasm$/);
});

describe("probeVideo in Chromium", () => {
  it("reads an MP4's creation time, duration, size and place", async () => {
    const facts = await probed("with-time.mp4");
    expect(facts.creationTimeUs).toBe(us("2023-05-01T10:20:30Z"));
    expect(facts.durationSec).toBeCloseTo(2, 1);
    expect([facts.widthPx, facts.heightPx]).toEqual([640, 480]);
    expect([facts.latitude, facts.longitude]).toEqual([48.8584, 2.2945]);
  });

  it.each([
    ["without-time.mp4", "an MP4 without one"],
    ["future.mp4", "an MP4 whose time is in the future"],
  ])("gives no creation time for %s (%s)", async (name) => {
    const facts = await probed(name);
    expect(facts.creationTimeUs).toBeUndefined();
    expect(facts.widthPx).toBe(640);
  });

  it("reads a live photo's MOV at its capture time", async () => {
    const facts = await probed("IMG_0001.MOV");
    expect(facts.creationTimeUs).toBe(us("2021-08-14T07:30:00Z"));
  });

  it("gives a rotated video's displayed size", async () => {
    const facts = await probed("portrait.mp4");
    expect([facts.widthPx, facts.heightPx]).toEqual([1080, 1920]);
  });
});

describe("videoThumbnailJPEG in Chromium", () => {
  it.each([
    ["with-time.mp4", 640, 480],
    ["without-time.mp4", 640, 480],
    ["clip.mov", 1280, 720],
    ["portrait.mp4", 1080, 1920],
    ["IMG_0001.MOV", 1440, 1080],
  ])("of %s is its frame at second 1, 720 px high", async (name, shownWidthPx, shownHeightPx) => {
    const facts = await thumbnailFacts(await thumbnail(name));
    expect(facts.heightPx).toBe(720);
    expect(facts.widthPx).toBe(evenWidthForHeight(shownWidthPx, shownHeightPx, 720));
    expectColour(facts.meanRgb, generatedVideoColours.fromSecond1.rgb);
  });

  it("of a video shorter than a second is its first frame", async () => {
    const facts = await thumbnailFacts(await thumbnail("short.mp4"));
    expect([facts.widthPx, facts.heightPx]).toEqual([960, 720]);
    expectColour(facts.meanRgb, generatedVideoColours.beforeSecond1.rgb);
  });
});

// Here, not in the Node tests: a run that never ends blocks the thread that
// called it, which in Node would be the test runner's own; here it is the
// page's worker, and the test fails on its timeout.
it.each(grainSeeds)(
  "encodes grainy frame %i, on which ffmpeg.wasm's fitted Huffman tables hang",
  async (seed) => {
    // See: [Note: Video thumbnails use JPEG's standard Huffman tables]
    const facts = await thumbnailFacts(await thumbnail(`grain-${String(seed)}.mp4`));
    expect([facts.widthPx, facts.heightPx]).toEqual([1280, 720]);
  },
);

describe("a file that is not a video", () => {
  it.each(["sound.m4a", "notes.mp4"])("%s is refused with VideoUnreadableError", async (name) => {
    const refusal = { ok: false, errorName: "VideoUnreadableError", key: "unsupportedFileFormat" };
    expect(await probe(name)).toEqual(refusal);
    expect(await thumbnail(name)).toEqual(refusal);
  });
});

it("reads a small part of a 1 GiB video picked from disk", async () => {
  if (largeVideo === undefined) throw new Error("no large video");
  await page.setInputFiles("#picked", largeVideo.path);
  const result = await page.evaluate(() => window.cairnMediaVideoTest?.probeAndThumbnailPicked(0));
  if (result === undefined) throw new Error("no result");
  expect(result.sizeBytes).toBe(largeVideoBytes);
  expect(result.probe.ok && result.probe.probe?.durationSec).toBeGreaterThan(200);
  expect((await thumbnailFacts(result.thumbnail)).heightPx).toBe(720);
  // The index (at the end of the file) and the frames from a key frame to second 1.
  expect(result.bytesRead).toBeLessThan(largeVideoBytes / 50);
});
