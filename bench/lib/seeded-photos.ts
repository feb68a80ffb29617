// What the browser scenarios on a seeded library share (sync, gallery-open,
// gallery-scroll): the photos app built as `npm run build:web` builds it, a
// Cairn on a temporary data folder with one account seeded through the
// server's storage layer, and the login through the photos app's screens.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { build } from "vite";
import type { RunningCairn } from "../../server/src/main";
import { viteConfigFor } from "../../web/vite-app-config";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { seedCairn } from "../seed/seed-cairn";
import { type Credentials, startBenchAccountServer } from "./bench-account-server";
import { profiling, timelineOnly } from "./trace-profile";

export type { Credentials } from "./bench-account-server";

/**
 * The photos app as `npm run build:web` builds it, in `webDistDir/photos`
 * (the other apps are stubs: not used). When profiling with the sampler, the bundles are not
 * minified, so the profile names the project's functions.
 */
export const buildPhotosApp = async (webDistDir: string): Promise<void> => {
  const photos = viteConfigFor("photos");
  await build({
    ...photos,
    configFile: false,
    logLevel: "error",
    build: {
      ...photos.build,
      outDir: path.join(webDistDir, "photos"),
      ...(profiling && !timelineOnly ? { minify: false } : {}),
    },
  });
  for (const app of ["accounts", "auth"]) {
    await mkdir(path.join(webDistDir, app), { recursive: true });
    await writeFile(
      path.join(webDistDir, app, "index.html"),
      "<!doctype html><title>Cairn</title>",
    );
  }
};

export interface SeededPhotos {
  cairn: RunningCairn;
  credentials: Credentials;
  seedMs: number;
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

/** Starts a Cairn serving `webDistDir` and seeds one account with `fileCount` files in `albumCount` albums. */
export const startSeededPhotos = async ({
  label,
  webDistDir,
  fileCount,
  albumCount,
  log,
}: {
  label: string;
  webDistDir: string;
  fileCount: number;
  albumCount: number;
  log: (line: string) => void;
}): Promise<SeededPhotos> => {
  const { cairn, credentials, account, close } = await startBenchAccountServer(label, webDistDir);
  try {
    log(`seeding ${String(fileCount)} files in ${String(albumCount)} albums`);
    const pool = await createNodeCryptoPool();
    try {
      let lastReportMs = performance.now();
      const seeded = await seedCairn({
        cairn,
        userID: account.userID,
        accountKeys: account.accountKeys,
        pool,
        fileCount,
        albumCount,
        log: (line) => {
          // Progress every half minute: a million files take minutes.
          if (performance.now() - lastReportMs < 30_000) return;
          lastReportMs = performance.now();
          log(line);
        },
      });
      log(`seeded in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
      return { cairn, credentials, seedMs: seeded.elapsedMs, close };
    } finally {
      await pool.terminate();
    }
  } catch (e) {
    await close();
    throw e;
  }
};

/** Logs in through the photos app's screens; resolves when the gallery's URL shows. */
export const logInThroughPhotos = async (
  page: Page,
  photosOrigin: string,
  credentials: Credentials,
): Promise<{ submittedAtMs: number }> => {
  await page.goto(`${photosOrigin}/login`);
  await page.getByLabel("Email", { exact: true }).fill(credentials.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  const submit = page.getByRole("button", { name: "Log in", exact: true });
  await submit.waitFor();
  // The page's clock: the gallery is the same document, so its times compare.
  const submittedAtMs = await page.evaluate(() => performance.now());
  await submit.click();
  await page.waitForURL(/\/gallery/, { timeout: 120_000 });
  return { submittedAtMs };
};

/** Waits until the gallery shows "N items" (any N): the sync worker has opened the local database. */
export const itemCountShown = (page: Page, timeoutMs: number) =>
  page.waitForFunction(
    () =>
      /[0-9]/.test(document.querySelector("[data-testid=library-item-count]")?.textContent ?? ""),
    undefined,
    { timeout: timeoutMs, polling: 20 },
  );

/** Waits until the gallery shows "`count` items" (and the sync state `state`, if given). */
export const itemCountIs = (page: Page, count: number, timeoutMs: number, state?: string) =>
  page.waitForFunction(
    ({ count, state }) => {
      const text = document.querySelector("[data-testid=library-item-count]")?.textContent ?? "";
      const shown = Number(text.replace(/[^0-9]/g, "") || "-1");
      const current = document
        .querySelector("[data-testid=library-sync-state]")
        ?.getAttribute("data-state");
      return shown === count && (state === undefined || current === state);
    },
    { count, state },
    { timeout: timeoutMs, polling: 20 },
  );
