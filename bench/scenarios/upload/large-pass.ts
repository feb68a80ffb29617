// The upload scenario's second pass: one large generated video (2 GB by
// default) picked through the photos app into its own album, in a fresh
// browser context, with the memory of every Chromium process, the page's JS
// heap and the server's process sampled before and while it uploads (issue
// #6: "a 2 GB video uploads with bounded memory"). The video is removed
// afterwards.

import { generatedLargeVideo } from "../../../tests/test-support/media";
import { type AlbumCheck, type BenchCairn, checkAlbum } from "./bench-cairn";
import type { CdpBrowser } from "../../lib/cdp-browser";
import {
  type MemoryFigure,
  type MemorySamples,
  type ProcessSample,
  memoryFigure,
  startMemorySampler,
} from "./memory-sampler";
import { memorySampleIntervalMs, tracePathOf } from "./parameters";
import { type MeasuredUpload, expectAllUploaded, measuredUpload } from "./set-pass";
import { openAlbum } from "./upload-through-ui";

/** Idle samples before the pick, for the baseline: two seconds of them. */
const baselineSamplingMs = 2000;

export interface LargePass extends MeasuredUpload {
  sizeBytes: number;
  generatedMs: number;
  storedBytes: number;
  check: AlbumCheck;
  memory: {
    chromiumRss: MemoryFigure;
    chromiumPss: MemoryFigure;
    largestProcessRss: MemoryFigure;
    /** The process type of the largest process at the peak. */
    largestProcessTypeAtPeak: string;
    pageJsHeapUsed: MemoryFigure;
    serverProcessRss: MemoryFigure;
    serverProcessArrayBuffers: MemoryFigure;
  };
  /** The pick, in ms of the samples' clock (performance.now() of the bench). */
  pickAtMs: number;
  samples: MemorySamples;
}

/** The sample whose largest process is largest within `window`. */
const peakOf = (samples: readonly ProcessSample[], window: { fromMs: number; toMs: number }) =>
  samples
    .filter((sample) => sample.atMs >= window.fromMs && sample.atMs <= window.toMs)
    .reduce<ProcessSample | undefined>(
      (max, sample) =>
        max === undefined || sample.largestProcess.rssBytes > max.largestProcess.rssBytes
          ? sample
          : max,
      undefined,
    );

export const runLargePass = async ({
  browser,
  bench,
  sizeBytes,
  log,
}: {
  browser: CdpBrowser;
  bench: BenchCairn;
  sizeBytes: number;
  log: (line: string) => void;
}): Promise<LargePass> => {
  log(`generating a ${(sizeBytes / 1e6).toFixed(0)} MB video`);
  const generateStartMs = performance.now();
  const video = await generatedLargeVideo(sizeBytes);
  const generatedMs = performance.now() - generateStartMs;
  try {
    const album = await bench.client.createCollection({
      name: "Upload bench, large video",
      type: "album",
    });
    const page = await browser.newPage();
    let upload: MeasuredUpload;
    let samples: MemorySamples;
    let pickAtMs: number;
    let storedBefore: number;
    try {
      log("logging in and opening the album (a fresh browser context)");
      await openAlbum(page, bench.cairn.urls.photos, bench.credentials, album.name);
      storedBefore = await bench.storedBytes();
      const sampler = startMemorySampler(page, memorySampleIntervalMs);
      try {
        await new Promise((resolve) => setTimeout(resolve, baselineSamplingMs));
        log("picking the video through the Upload button, sampling memory");
        pickAtMs = performance.now();
        upload = await measuredUpload({
          browser,
          page,
          paths: [video.path],
          tracePath: tracePathOf("large"),
          log,
        });
      } finally {
        samples = await sampler.stop();
      }
      expectAllUploaded(upload.results, 1, page.errors);
    } finally {
      await page.close();
    }
    const storedBytes = (await bench.storedBytes()) - storedBefore;
    log("checking the video on the server (content hash, a streamed download compared)");
    const name = video.path.split("/").at(-1) ?? "";
    const check = await checkAlbum(bench.client, album, [{ name, path: video.path }], [name]);
    const window = { fromMs: pickAtMs, toMs: pickAtMs + upload.endToEndMs };
    const figure = (pick: (sample: ProcessSample) => number | undefined) =>
      memoryFigure(samples.processes, window, pick);
    return {
      ...upload,
      sizeBytes,
      generatedMs,
      storedBytes,
      check,
      memory: {
        chromiumRss: figure((sample) => sample.chromiumRssBytes),
        chromiumPss: figure((sample) => sample.chromiumPssBytes),
        largestProcessRss: figure((sample) => sample.largestProcess.rssBytes),
        largestProcessTypeAtPeak: peakOf(samples.processes, window)?.largestProcess.type ?? "none",
        pageJsHeapUsed: memoryFigure(samples.heap, window, (sample) => sample.jsHeapUsedBytes),
        serverProcessRss: figure((sample) => sample.node.rssBytes),
        serverProcessArrayBuffers: figure((sample) => sample.node.arrayBuffersBytes),
      },
      pickAtMs,
      samples,
    };
  } finally {
    await video.remove();
  }
};
