// The `upload` scenario (performance.md): 300 generated photos and 5 videos
// (about 600 MB) uploaded through the built photos app in Debian's Chromium
// to a local Cairn on its embedded defaults, timed from the pick to the
// upload panel's finish; the baseline, in the same run and browser: the
// same files through the bare pipeline (see: [Note: The upload's baseline is
// the bare pipeline]), and bare libsodium secretstream encrypting in 4 MiB
// chunks in one worker (the crypto scenario's page), for reference. Then one large generated video (2 GB) uploaded the same
// way while the memory of every Chromium process is sampled (an upload's
// memory must stay bounded). See bench/README.md for the figures and the switches.

import path from "node:path";
import { buildPhotosApp } from "../lib/seeded-photos";
import { serveDirectory } from "../lib/static-server";
import { benchBuildRoot } from "../lib/vite-page-config";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../scenario";
import { bareStreamShape, bestEncryptMBps, buildCryptoBenchPage } from "./crypto/bench-page";
import { type RunTiming, mbPerSecond } from "./crypto/parameters";
import { startBenchCairn } from "./upload/bench-cairn";
import { type CdpBrowser, launchCdpBrowser } from "../lib/cdp-browser";
import { type BarePass, buildBarePipelinePage, runBarePass } from "./upload/bare-pass";
import { type LargePass, runLargePass } from "./upload/large-pass";
import { mediaSet } from "./upload/media-set";
import {
  UPLOAD_OVER_BARE_PIPELINE_AT_LEAST,
  largeVideoBytes,
  mediaSetShape,
  profile,
  quick,
} from "./upload/parameters";
import { describeCpuBreakdown } from "../lib/proc-stats";
import { describeProfile } from "../lib/trace-profile";
import { type SetPass, runSetPass } from "./upload/set-pass";
import { finishedShareAtMs, phaseStartsMs } from "./upload/upload-through-ui";

const buildDir = path.join(benchBuildRoot, "upload");
const webDistDir = path.join(buildDir, "web");
const cryptoPageDir = path.join(buildDir, "crypto-page");

const MB = 1e6;

/** A size as people read it: "2 GiB", "300 MiB". */
const binarySize = (bytes: number): string =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 === 0 ? 0 : 2)} GiB`
    : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

/** The phases the panel went through with how long each lasted, in its order. */
const phaseDurationsMs = (pass: { timeline: SetPass["timeline"]; endToEndMs: number }) => {
  const starts = Object.entries(phaseStartsMs(pass.timeline)).sort(([, a], [, b]) => a - b);
  return starts.map(([phase, startMs], index) => ({
    phase,
    startMs,
    durationMs: (starts[index + 1]?.[1] ?? pass.endToEndMs) - startMs,
  }));
};

const setPassFigures = (pass: SetPass, bareEncryptMBps: number): Figure[] => {
  const seconds = pass.endToEndMs / 1000;
  const firstFinishedMs = finishedShareAtMs(pass.timeline, pass.fileCount, 1 / pass.fileCount);
  return [
    {
      name: `end to end: ${String(pass.fileCount)} files (${(pass.sourceBytes / MB).toFixed(0)} MB) from the pick to all uploaded`,
      value: seconds,
      unit: "s",
    },
    {
      name: "end-to-end throughput",
      value: mbPerSecond(pass.sourceBytes, pass.endToEndMs),
      unit: "MB/s",
    },
    { name: "end-to-end files/s", value: pass.fileCount / seconds, unit: "files/s" },
    { name: "bare libsodium secretstream encrypt, 1 worker", value: bareEncryptMBps, unit: "MB/s" },
    ...phaseDurationsMs(pass)
      .filter(({ phase }) => phase !== "finish" && phase !== "none")
      .map(({ phase, durationMs }) => ({
        name: `phase ${phase}`,
        value: durationMs / 1000,
        unit: "s",
      })),
    ...(firstFinishedMs === undefined
      ? []
      : [{ name: "first file finished after", value: firstFinishedMs / 1000, unit: "s" }]),
    {
      name: "stored on the server (files and thumbnails, encrypted)",
      value: pass.storedBytes / MB,
      unit: "MB",
    },
    { name: "files on the server, checked", value: pass.check.fileCount, unit: "files" },
    { name: "machine CPU busy during the pass", value: pass.cpu.machineBusyShare * 100, unit: "%" },
    {
      name: "machine CPU stolen during the pass",
      value: pass.cpu.machineStealShare * 100,
      unit: "%",
    },
  ];
};

const barePassFigures = (pass: BarePass): Figure[] => [
  {
    name: `bare pipeline (${String(pass.run.workerCount)} workers): the same files read, hashed, thumbnailed, encrypted and PUT`,
    value: pass.run.wallMs / 1000,
    unit: "s",
  },
  {
    name: "bare pipeline throughput",
    value: mbPerSecond(pass.sourceBytes, pass.run.wallMs),
    unit: "MB/s",
  },
  { name: "bare pipeline: stored on the server", value: pass.storedBytes / MB, unit: "MB" },
  {
    name: "machine CPU busy during the bare pass",
    value: pass.cpu.machineBusyShare * 100,
    unit: "%",
  },
];

const largePassFigures = (pass: LargePass): Figure[] => {
  const size = binarySize(pass.sizeBytes);
  const memoryFigures = (label: string, figure: LargePass["memory"]["chromiumRss"]): Figure[] => [
    { name: `${label}: before the upload`, value: figure.baselineBytes / MB, unit: "MB" },
    { name: `${label}: peak while uploading`, value: figure.peakBytes / MB, unit: "MB" },
    { name: `${label}: peak − before`, value: figure.riseBytes / MB, unit: "MB" },
  ];
  return [
    {
      name: `large video (${size}): from the pick to uploaded`,
      value: pass.endToEndMs / 1000,
      unit: "s",
    },
    {
      name: "large video throughput",
      value: mbPerSecond(pass.sizeBytes, pass.endToEndMs),
      unit: "MB/s",
    },
    ...memoryFigures("Chromium RSS, all processes", pass.memory.chromiumRss),
    ...memoryFigures("Chromium PSS, all processes", pass.memory.chromiumPss),
    ...memoryFigures(
      `largest Chromium process RSS (${pass.memory.largestProcessTypeAtPeak} at the peak)`,
      pass.memory.largestProcessRss,
    ),
    ...memoryFigures("page JS heap used (CDP)", pass.memory.pageJsHeapUsed),
    ...memoryFigures("server and bench Node process RSS", pass.memory.serverProcessRss),
    ...memoryFigures(
      "server and bench Node process ArrayBuffers",
      pass.memory.serverProcessArrayBuffers,
    ),
    {
      name: "large video stored on the server (encrypted)",
      value: pass.storedBytes / MB,
      unit: "MB",
    },
    {
      name: "machine CPU stolen during the large pass",
      value: pass.cpu.machineStealShare * 100,
      unit: "%",
    },
  ];
};

/**
 * The baseline: the crypto scenario's page, opened in the same Chromium,
 * runs bare libsodium secretstream in one of its workers (every timed run).
 */
const measureBareEncrypt = async (browser: CdpBrowser, origin: string): Promise<RunTiming[]> => {
  const page = await browser.newPage();
  try {
    await page.navigate(`${origin}/index.html`);
    await page.waitFor(() => window.cairnCryptoBench !== undefined, undefined, {
      timeoutMs: 60_000,
      pollMs: 100,
    });
    return await page.evaluate(() => window.cairnCryptoBench?.runBare() ?? [], undefined);
  } finally {
    await page.close();
  }
};

const run = async ({ log, chromiumPath }: ScenarioContext): Promise<ScenarioResult> => {
  log("building the photos app and the crypto bench page");
  await buildPhotosApp(webDistDir);
  await buildBarePipelinePage(webDistDir);
  await buildCryptoBenchPage(cryptoPageDir);
  const media = await mediaSet(mediaSetShape, log);
  if (!media.fromCache) log(`media set generated in ${(media.generatedMs / 1000).toFixed(1)} s`);
  const bench = await startBenchCairn(webDistDir);
  const cryptoServer = await serveDirectory(cryptoPageDir);
  // See: [Note: The upload is not measured under playwright]
  const browser = await launchCdpBrowser(chromiumPath);
  try {
    const setPass = await runSetPass({ browser, bench, media, log });
    log(`CPU during the pass: ${describeCpuBreakdown(setPass.cpu)}`);
    for (const line of describeProfile(setPass.profile ?? [])) log(`  profile: ${line}`);

    log("the same files through the bare pipeline");
    const barePass = await runBarePass({ browser, bench, media });
    log(`CPU during the bare pass: ${describeCpuBreakdown(barePass.cpu)}`);

    log("bare libsodium secretstream in one worker (the crypto scenario's page)");
    const bareRuns = await measureBareEncrypt(browser, cryptoServer.origin);
    if (bareRuns.length === 0) throw new Error("The crypto bench page did not load its API");
    const bareEncryptMBps = bestEncryptMBps(bareRuns);

    const largePass =
      largeVideoBytes > 0
        ? await runLargePass({ browser, bench, sizeBytes: largeVideoBytes, log })
        : undefined;
    if (largePass !== undefined) {
      log(`CPU during the large pass: ${describeCpuBreakdown(largePass.cpu)}`);
      for (const line of describeProfile(largePass.profile ?? [])) log(`  profile: ${line}`);
    }

    const endToEndMBps = mbPerSecond(setPass.sourceBytes, setPass.endToEndMs);
    const ratios: Ratio[] = [
      {
        name: "end to end / bare pipeline",
        value: barePass.run.wallMs / setPass.endToEndMs,
        atLeast: UPLOAD_OVER_BARE_PIPELINE_AT_LEAST,
      },
      { name: "end to end / bare encrypt", value: endToEndMBps / bareEncryptMBps },
      ...(largePass === undefined
        ? []
        : [
            {
              name: "large video end to end / bare encrypt",
              value: mbPerSecond(largePass.sizeBytes, largePass.endToEndMs) / bareEncryptMBps,
            },
            {
              name: "large video: Chromium RSS peak − before / file size",
              value: largePass.memory.chromiumRss.riseBytes / largePass.sizeBytes,
            },
          ]),
    ];
    return {
      figures: [
        ...setPassFigures(setPass, bareEncryptMBps),
        ...barePassFigures(barePass),
        ...(largePass === undefined ? [] : largePassFigures(largePass)),
      ],
      ratios,
      raw: {
        quick,
        profiled: profile,
        chromiumVersion: browser.version,
        mediaSet: {
          shape: mediaSetShape,
          dir: media.dir,
          totalBytes: media.totalBytes,
          photoBytes: media.files
            .filter((file) => file.kind === "photo")
            .reduce((total, file) => total + file.sizeBytes, 0),
          videoBytes: media.files
            .filter((file) => file.kind === "video")
            .reduce((total, file) => total + file.sizeBytes, 0),
          fromCache: media.fromCache,
          generatedMs: media.generatedMs,
        },
        setPass: { ...setPass, phases: phaseDurationsMs(setPass) },
        barePass,
        bare: { ...bareStreamShape, runs: bareRuns },
        largePass:
          largePass === undefined
            ? { skipped: true }
            : { ...largePass, phases: phaseDurationsMs(largePass) },
      },
    };
  } finally {
    await browser.close();
    await cryptoServer.close();
    await bench.close();
  }
};

export const uploadScenario: Scenario = {
  name: "upload",
  description: `${String(mediaSetShape.photoCount)} generated photos and ${String(mediaSetShape.videoCount)} videos uploaded through the photos app in Chromium to a local Cairn, against the same files through the bare pipeline; then ${largeVideoBytes > 0 ? `a ${binarySize(largeVideoBytes)} video with the browser's peak memory` : "no large video (CAIRN_BENCH_LARGE_VIDEO_BYTES=0)"}`,
  run,
};
