// The `sync` scenario (performance.md): an account seeded with 100,000 files
// in 50 albums (bench/seed, real crypto, through the server's storage layer);
// a fresh Chromium logs in through the photos app's screens and its sync
// worker pulls everything into the local database. Figures: seconds from the
// "Log in" click to a fully synced gallery (Argon2id of the login included),
// seconds of the pull alone (from the gallery showing to "Up to date" with
// every file counted), files/s, and the ms a reload takes to show the library
// from the local database. The baseline, measured in the same browser run
// once the sync is done: bare libsodium in one worker decrypting as many
// records of the same shape (file key Box and metadata Blob).
// `CAIRN_BENCH_QUICK=1`: 10,000 files instead of 100,000. `CAIRN_BENCH_PROFILE=1`:
// the login and the pull are traced with V8's CPU profiler on every thread
// (the results get the time per thread and function; such a run's figures
// are not for comparing).

import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import {
  type CpuBreakdown,
  cpuBreakdown,
  cpuSnapshot,
  describeCpuBreakdown,
} from "../lib/proc-stats";
import { launchChromium } from "../../tests/e2e/test-support/chromium";
import {
  buildPhotosApp,
  itemCountIs,
  itemCountShown,
  logInThroughPhotos,
  startSeededPhotos,
} from "../lib/seeded-photos";
import { serveDirectory } from "../lib/static-server";
import {
  type ThreadProfile,
  describeProfile,
  playwrightTracer,
  profiling,
  startTrace,
  stopTrace,
} from "../lib/trace-profile";
import { benchBuildRoot, benchPageViteConfig } from "../lib/vite-page-config";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../scenario";
import type { BareDecryptTiming } from "./sync-page/baseline";

const quick = process.env.CAIRN_BENCH_QUICK === "1";
/** performance.md: 100,000 files in 50 albums (quick: 10,000). */
const fileCount = quick ? 10_000 : 100_000;
const albumCount = 50;
/** performance.md: the pull within 2× of the bare decryption of the same records. */
const PULL_OVER_BARE_AT_MOST = 2;
/** performance.md: a 100k-file library fully usable within 12 s of logging in. */
const syncedWithinSeconds = 12;
/** Far above any expected sync; only a hang should reach it. */
const syncTimeoutMs = 15 * 60_000;

const baselinePageRoot = fileURLToPath(new URL("./sync-page", import.meta.url));
const buildDir = path.join(benchBuildRoot, "sync");
const webDistDir = path.join(buildDir, "web");
const baselineOutDir = path.join(buildDir, "baseline");
/** Where a profiled run's trace is written (git-ignored); it opens in DevTools' Performance panel. */
const tracePath = path.join(buildDir, "trace-sync.json");

const buildApps = async (): Promise<void> => {
  await buildPhotosApp(webDistDir);
  await build(benchPageViteConfig(baselinePageRoot, baselineOutDir));
};

interface BrowserMeasurements {
  loginToSyncedMs: number;
  /** From the gallery showing to the sync worker answering (worker, crypto workers, keyring, database). */
  workerReadyMs: number;
  pullMs: number;
  reopenMs: number;
  bare: BareDecryptTiming;
  chromiumVersion: string;
  /** CPU time by process (and thread) from the gallery shown to the synced library. */
  pullCpu: CpuBreakdown;
  /** With CAIRN_BENCH_PROFILE=1: where the threads' time went from the login to the synced library. */
  profile?: ThreadProfile[];
}

const measure = async (
  { log, chromiumPath }: ScenarioContext,
  photosOrigin: string,
  credentials: { email: string; password: string },
): Promise<BrowserMeasurements> => {
  const baselineServer = await serveDirectory(baselineOutDir);
  const browser = await launchChromium(chromiumPath);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    const tracer = playwrightTracer(browser);
    if (profiling) await startTrace(tracer);
    log("logging in through the photos app");
    const loginStartMs = performance.now();
    await logInThroughPhotos(page, photosOrigin, credentials);
    const galleryMs = performance.now();
    const pullCpuBefore = cpuSnapshot();
    log(`gallery after ${((galleryMs - loginStartMs) / 1000).toFixed(1)} s; pulling`);
    await itemCountShown(page, syncTimeoutMs);
    const readyMs = performance.now();
    try {
      await itemCountIs(page, fileCount, syncTimeoutMs, "up-to-date");
    } catch (e) {
      throw new Error(
        `The sync did not finish: ${String(e)}; page errors: ${pageErrors.join("; ") || "none"}`,
      );
    }
    const syncedMs = performance.now();
    const pullCpu = cpuBreakdown(pullCpuBefore, cpuSnapshot());
    log(`CPU during the pull: ${describeCpuBreakdown(pullCpu)}`);
    const profile = profiling ? await stopTrace(tracer, tracePath) : undefined;
    for (const line of describeProfile(profile ?? [])) log(`  profile: ${line}`);

    log("reloading: the library from the local database");
    const reloadStartMs = performance.now();
    await page.reload();
    await itemCountIs(page, fileCount, syncTimeoutMs);
    const reopenMs = performance.now() - reloadStartMs;
    await context.close();

    log(`bare libsodium decrypting ${String(fileCount)} records in one worker`);
    const baseline = await browser.newPage();
    await baseline.goto(`${baselineServer.origin}/index.html`);
    await baseline.waitForFunction(() => window.cairnSyncBaseline !== undefined);
    const bare = await baseline.evaluate((records) => {
      const api = window.cairnSyncBaseline;
      if (api === undefined) throw new Error("The baseline page has no API");
      return api.runBareDecrypt(records);
    }, fileCount);
    return {
      loginToSyncedMs: syncedMs - loginStartMs,
      workerReadyMs: readyMs - galleryMs,
      pullMs: syncedMs - galleryMs,
      reopenMs,
      bare,
      pullCpu,
      chromiumVersion: browser.version(),
      ...(profile === undefined ? {} : { profile }),
    };
  } finally {
    await browser.close();
    await baselineServer.close();
  }
};

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  const { log } = context;
  log("building the photos app and the baseline page");
  await buildApps();
  const seeded = await startSeededPhotos({ label: "sync", webDistDir, fileCount, albumCount, log });
  try {
    const { cairn, credentials, seedMs } = seeded;
    const measured = await measure(context, cairn.urls.photos, credentials);
    const pullSeconds = measured.pullMs / 1000;
    const figures: Figure[] = [
      {
        name: "login to fully synced (Argon2id login included)",
        value: measured.loginToSyncedMs / 1000,
        unit: "s",
      },
      { name: "pull: gallery shown to fully synced", value: pullSeconds, unit: "s" },
      {
        name: "of which: sync worker ready (workers, keyring, database)",
        value: measured.workerReadyMs,
        unit: "ms",
      },
      { name: "pull throughput", value: fileCount / pullSeconds, unit: "files/s" },
      {
        name: "pull: CPU of the server (and the bench's driver, one Node process)",
        value: measured.pullCpu.nodeCpuSeconds,
        unit: "s",
      },
      {
        name: "pull: CPU of Chromium, all processes",
        value: measured.pullCpu.chromium.reduce((total, entry) => total + entry.cpuSeconds, 0),
        unit: "s",
      },
      {
        name: "pull: machine CPU busy",
        value: measured.pullCpu.machineBusyShare * 100,
        unit: "%",
      },
      {
        name: "bare libsodium decrypt of as many records, 1 worker (median of 3 passes)",
        value: measured.bare.decryptMs / 1000,
        unit: "s",
      },
      {
        name: "reload to the library shown from the local database",
        value: measured.reopenMs,
        unit: "ms",
      },
    ];
    const ratios: Ratio[] = [
      {
        name: "pull / bare decrypt",
        value: measured.pullMs / measured.bare.decryptMs,
        atMost: PULL_OVER_BARE_AT_MOST,
      },
      {
        name: `login to synced / ${String(syncedWithinSeconds)} s bar`,
        value: measured.loginToSyncedMs / 1000 / syncedWithinSeconds,
        atMost: quick ? undefined : 1,
      },
    ].map((ratio) =>
      ratio.atMost === undefined ? { name: ratio.name, value: ratio.value } : ratio,
    );
    return {
      figures,
      ratios,
      raw: { quick, fileCount, albumCount, seedMs, ...measured },
    };
  } finally {
    await seeded.close();
  }
};

export const syncScenario: Scenario = {
  name: "sync",
  description: `a fresh Chromium logs in and pulls ${String(fileCount)} seeded files in ${String(albumCount)} albums into its local database`,
  run,
};
