// The `editor` scenario: the photo editor's renderer (workers/editor) on a
// 12-megapixel photo, driven as the viewer will drive it. A bench page opens
// a generated 4000×3000 JPEG in the real editor worker over a 1280×800
// canvas, then moves a slider at every frame (brightness, then straighten)
// for a few seconds. Figures: the intervals between the preview frames the
// worker drew (bar: p95 ≤ 20 ms), the draws' time on the worker's thread,
// a spec's latency to its frame, the page's own frames, and how far the
// frames were drafted (See: [Note: The preview drafts while a slider moves]);
// then the full renders as JPEG (12 MP with adjustments, and a straightened
// crop), against
// the bare baseline of the same photo drawn into a 2D canvas and encoded.
// Chromium runs as the browser tests run it (`--disable-gpu`): WebGL is
// SwiftShader's, on the CPU, so the figures are a floor for machines with a GPU.

import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "vite";
import { launchChromium } from "../../../tests/e2e/test-support/chromium";
import { frameStats } from "../../lib/gallery-page";
import { percentile } from "../../lib/percentile";
import { serveDirectory } from "../../lib/static-server";
import { benchBuildRoot, benchPageViteConfig } from "../../lib/vite-page-config";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../../scenario";
import {
  type DragRecording,
  dragDurationMs,
  fullRenderRuns,
  photoSizePx,
  previewViewport,
} from "./parameters";

const run = promisify(execFile);

const pageRoot = fileURLToPath(new URL("./page", import.meta.url));
const pageOutDir = path.join(benchBuildRoot, "editor", "page");

/** The bar: the preview follows a slider at screen frame rate. */
const p95FrameAtMostMs = 20;

/**
 * The photo: ffmpeg's testsrc2 under noise (a camera's grain), as the upload
 * scenario's photos, about 1.7 MB at JPEG quality 4.
 */
const makePhoto = async (file: string): Promise<void> => {
  const size = `${String(photoSizePx.widthPx)}x${String(photoSizePx.heightPx)}`;
  await run("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi"],
    ...["-i", `testsrc2=size=${size}:rate=1,noise=alls=16:allf=t+u:all_seed=7`],
    ...["-frames:v", "1", "-q:v", "4", file],
  ]);
};

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const p95 = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.95,
  );

const describeDrag = (recording: DragRecording) => {
  const frames = frameStats(recording.drawnIntervalsMs);
  const page = frameStats(recording.pageIntervalsMs);
  return `${recording.slider}: ${String(recording.requested)} specs sent, ${String(recording.drawn)} drawn; frames p50 ${frames.p50Ms.toFixed(1)} / p95 ${frames.p95Ms.toFixed(1)} / max ${frames.maxMs.toFixed(0)} ms; draw p95 ${p95(recording.drawMs).toFixed(1)} ms; latency median ${median(recording.latenciesMs).toFixed(1)} ms; page frames p95 ${page.p95Ms.toFixed(1)} ms`;
};

const measure = async (context: ScenarioContext) => {
  const { log } = context;
  log("building the bench page (the editor worker as the photos app starts it) with Vite");
  await build(benchPageViteConfig(pageRoot, pageOutDir));
  log(`generating a ${String(photoSizePx.widthPx)}×${String(photoSizePx.heightPx)} JPEG`);
  await makePhoto(path.join(pageOutDir, "photo.jpg"));
  const server = await serveDirectory(pageOutDir);
  const browser = await launchChromium(context.chromiumPath);
  try {
    const page = await browser.newPage({ viewport: previewViewport, deviceScaleFactor: 1 });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    await page.goto(`${server.origin}/index.html`);
    await page.waitForFunction(() => window.cairnEditorBench !== undefined);
    log("the preview's floor: bare WebGL2 drawing the canvas at every frame in a worker");
    const bareFrameIntervalsMs = await page.evaluate((durationMs) => {
      if (window.cairnEditorBench === undefined) throw new Error("no bench page");
      return window.cairnEditorBench.barePreviewFrames(durationMs);
    }, dragDurationMs);
    const bareFrames = frameStats(bareFrameIntervalsMs);
    log(
      `bare frames: p50 ${bareFrames.p50Ms.toFixed(1)} / p95 ${bareFrames.p95Ms.toFixed(1)} ms over ${String(bareFrames.frames)} frames`,
    );
    const opened = await page.evaluate(() => {
      if (window.cairnEditorBench === undefined) throw new Error("no bench page");
      return window.cairnEditorBench.open();
    });
    if (opened.opened.kind !== "opened") {
      throw new Error(`The editor refused the photo: ${opened.opened.reason}`);
    }
    log(
      `opened in ${opened.openMs.toFixed(0)} ms (${opened.opened.gl}, ${(opened.photoBytes / 1e6).toFixed(1)} MB JPEG, decode and preview upload)`,
    );
    const drags: DragRecording[] = [];
    for (const slider of ["brightness", "straighten"] as const) {
      const recording = await page.evaluate(
        ([slider, durationMs]) => {
          if (window.cairnEditorBench === undefined) throw new Error("no bench page");
          return window.cairnEditorBench.drag(slider, durationMs);
        },
        [slider, dragDurationMs] as const,
      );
      log(describeDrag(recording));
      drags.push(recording);
    }
    log(`full renders as JPEG, ${String(fullRenderRuns)} runs each`);
    const fullRenders = await page.evaluate((runs) => {
      if (window.cairnEditorBench === undefined) throw new Error("no bench page");
      return window.cairnEditorBench.fullRenders(runs);
    }, fullRenderRuns);
    const bareMs = await page.evaluate((runs) => {
      if (window.cairnEditorBench === undefined) throw new Error("no bench page");
      return window.cairnEditorBench.bareReencode(runs);
    }, fullRenderRuns);
    if (pageErrors.length > 0) throw new Error(`The bench page failed: ${pageErrors.join("; ")}`);
    return {
      opened,
      drags,
      bareFrameIntervalsMs,
      fullRenders,
      bareMs,
      chromiumVersion: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
  }
};

const runScenario = async (context: ScenarioContext): Promise<ScenarioResult> => {
  const { opened, drags, bareFrameIntervalsMs, fullRenders, bareMs, chromiumVersion } =
    await measure(context);
  for (const recording of drags) {
    if (recording.drawn < 10) {
      throw new Error(`${recording.slider}: only ${String(recording.drawn)} preview frames drawn`);
    }
  }
  const frames = frameStats(drags.flatMap((recording) => recording.drawnIntervalsMs));
  const pageFrames = frameStats(drags.flatMap((recording) => recording.pageIntervalsMs));
  const bareFrames = frameStats(bareFrameIntervalsMs);
  const bareMedianMs = median(bareMs);
  const figures: Figure[] = [
    { name: "open (decode, preview copy, upload)", value: opened.openMs, unit: "ms" },
    { name: "preview frames drawn while dragging", value: frames.frames, unit: "frames" },
    { name: "preview frame p50", value: frames.p50Ms, unit: "ms" },
    { name: "preview frame p95", value: frames.p95Ms, unit: "ms" },
    { name: "preview frame p99", value: frames.p99Ms, unit: "ms" },
    { name: "preview frames over 16.7 ms", value: frames.overBudgetShare * 100, unit: "%" },
    ...drags.map((recording) => ({
      name: `${recording.slider}: preview frame p95`,
      value: frameStats(recording.drawnIntervalsMs).p95Ms,
      unit: "ms",
    })),
    {
      name: "draw on the worker's thread (p95)",
      value: p95(drags.flatMap((recording) => recording.drawMs)),
      unit: "ms",
    },
    {
      // See: [Note: The preview drafts while a slider moves]
      name: "canvas sides drawn while dragging (median, of full size)",
      value: median(drags.flatMap((recording) => recording.canvasScales)) * 100,
      unit: "%",
    },
    {
      name: "spec to frame drawn (median)",
      value: median(drags.flatMap((recording) => recording.latenciesMs)),
      unit: "ms",
    },
    { name: "page frame p95 while dragging", value: pageFrames.p95Ms, unit: "ms" },
    { name: "bare WebGL2 frame p95 (the preview's floor)", value: bareFrames.p95Ms, unit: "ms" },
    ...fullRenders.map((timing) => ({
      name: `full render as JPEG, ${timing.name}, ${String(timing.outputWidthPx)}×${String(timing.outputHeightPx)} (median)`,
      value: median(timing.runsMs),
      unit: "ms",
    })),
    { name: "bare 2D draw + JPEG encode of the photo (median)", value: bareMedianMs, unit: "ms" },
  ];
  const fullAtFullSize = fullRenders[0];
  const ratios: Ratio[] = [
    {
      name: `preview frame p95 / ${String(p95FrameAtMostMs)} ms bar`,
      value: frames.p95Ms / p95FrameAtMostMs,
      atMost: 1,
    },
    {
      name: "preview frame p95 / bare WebGL2 frame p95",
      value: frames.p95Ms / bareFrames.p95Ms,
    },
    ...(fullAtFullSize === undefined
      ? []
      : [
          {
            name: "full render at 12 MP / bare draw + encode",
            value: median(fullAtFullSize.runsMs) / bareMedianMs,
          },
        ]),
  ];
  return {
    figures,
    ratios,
    raw: {
      chromiumVersion,
      opened,
      bareFrameIntervalsMs: bareFrameIntervalsMs.map((ms) => Math.round(ms * 10) / 10),
      previewViewport,
      drags: drags.map((recording) => ({
        ...recording,
        drawnIntervalsMs: recording.drawnIntervalsMs.map((ms) => Math.round(ms * 10) / 10),
        drawMs: recording.drawMs.map((ms) => Math.round(ms * 100) / 100),
        latenciesMs: recording.latenciesMs.map((ms) => Math.round(ms * 10) / 10),
        pageIntervalsMs: recording.pageIntervalsMs.map((ms) => Math.round(ms * 10) / 10),
      })),
      fullRenders,
      bareMs,
    },
  };
};

export const editorScenario: Scenario = {
  name: "editor",
  description:
    "the photo editor's renderer on a 12 MP photo: a slider moved at every frame (brightness, then straighten) with the preview drawn by the editor worker into a 1280×800 canvas; then full-resolution renders as JPEG against a bare 2D draw and encode",
  run: runScenario,
};
