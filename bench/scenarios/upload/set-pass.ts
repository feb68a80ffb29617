// The upload scenario's first pass: the whole media set picked at once
// through the photos app into a fresh album, timed from the pick to the
// panel's finish, with the CPU time each process spent meanwhile; then the
// server's side checked through the library client.

import { type AlbumCheck, type BenchCairn, checkAlbum } from "./bench-cairn";
import type { CdpBrowser, CdpPage } from "../../lib/cdp-browser";
import type { MediaSet } from "./media-set";
import { profile, tracePathOf, uploadTimeoutMs } from "./parameters";
import { type CpuBreakdown, cpuBreakdown, cpuSnapshot } from "../../lib/proc-stats";
import { type ThreadProfile, startTrace, stopTrace } from "../../lib/trace-profile";
import { type UiUpload, openAlbum, panelProgress, uploadThroughUI } from "./upload-through-ui";

/** How often a pass logs the panel's progress: a full pass takes minutes. */
const progressLogIntervalMs = 30_000;

/** Every result of a run that went well: each file "uploaded", nothing else. */
export const expectAllUploaded = (
  results: Record<string, number>,
  count: number,
  pageErrors: readonly string[],
): void => {
  const others = Object.entries(results).filter(
    ([result, files]) => result !== "uploaded" && files > 0,
  );
  if (results.uploaded !== count || others.length > 0) {
    throw new Error(
      `Expected ${String(count)} files uploaded, the panel says ${JSON.stringify(results)}; page errors: ${pageErrors.join("; ") || "none"}`,
    );
  }
};

export interface MeasuredUpload extends UiUpload {
  /** CPU time from the pick to the finish, by process (and thread). */
  cpu: CpuBreakdown;
  /** With CAIRN_BENCH_PROFILE=1: where the threads' time went. */
  profile?: ThreadProfile[];
}

/**
 * Picks `paths` and waits for the run's end, logging its progress every
 * half minute; CPU snapshots around it, and a trace when profiling (see
 * parameters.ts; the trace is stopped after the second snapshot, so that
 * collecting it is not counted).
 */
export const measuredUpload = async ({
  browser,
  page,
  paths,
  tracePath,
  log,
}: {
  browser: CdpBrowser;
  page: CdpPage;
  paths: readonly string[];
  tracePath: string;
  log: (line: string) => void;
}): Promise<MeasuredUpload> => {
  if (profile) await startTrace(browser);
  const timer = setInterval(() => {
    panelProgress(page).then(
      (text) => {
        log(`  ${text}`);
      },
      () => undefined,
    );
  }, progressLogIntervalMs);
  let upload: UiUpload;
  let cpu: CpuBreakdown;
  try {
    const before = cpuSnapshot();
    upload = await uploadThroughUI(page, paths, uploadTimeoutMs);
    cpu = cpuBreakdown(before, cpuSnapshot());
  } catch (error) {
    if (profile) await browser.stopTracing().catch(() => undefined);
    throw error;
  } finally {
    clearInterval(timer);
  }
  return {
    ...upload,
    cpu,
    ...(profile ? { profile: await stopTrace(browser, tracePath) } : {}),
  };
};

export interface SetPass extends MeasuredUpload {
  fileCount: number;
  sourceBytes: number;
  /** Bytes the server's object store gained: the files' and thumbnails' ciphertext. */
  storedBytes: number;
  check: AlbumCheck;
}

export const runSetPass = async ({
  browser,
  bench,
  media,
  log,
}: {
  browser: CdpBrowser;
  bench: BenchCairn;
  media: MediaSet;
  log: (line: string) => void;
}): Promise<SetPass> => {
  const album = await bench.client.createCollection({ name: "Upload bench", type: "album" });
  const page = await browser.newPage();
  try {
    log("logging in and opening the album");
    await openAlbum(page, bench.cairn.urls.photos, bench.credentials, album.name);
    const storedBefore = await bench.storedBytes();
    log(
      `picking ${String(media.files.length)} files (${(media.totalBytes / 1e6).toFixed(0)} MB) through the Upload button`,
    );
    const upload = await measuredUpload({
      browser,
      page,
      paths: media.files.map((file) => file.path),
      tracePath: tracePathOf("set"),
      log,
    });
    expectAllUploaded(upload.results, media.files.length, page.errors);
    const storedBytes = (await bench.storedBytes()) - storedBefore;
    log("checking the album on the server (names, content hashes, two downloads)");
    const firstOf = (kind: "photo" | "video") =>
      media.files
        .filter((file) => file.kind === kind)
        .slice(0, 1)
        .map((file) => file.name);
    const check = await checkAlbum(bench.client, album, media.files, [
      ...firstOf("photo"),
      ...firstOf("video"),
    ]);
    return {
      ...upload,
      fileCount: media.files.length,
      sourceBytes: media.totalBytes,
      storedBytes,
      check,
    };
  } finally {
    await page.close();
  }
};
