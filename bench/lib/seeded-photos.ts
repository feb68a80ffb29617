// What the browser scenarios on a seeded library share (sync, gallery-open,
// gallery-scroll): the photos app built as `npm run build:web` builds it, a
// Cairn on a temporary data folder with one account seeded through the
// server's storage layer, and the login through the photos app's screens.

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { build } from "vite";
import { type RunningCairn, startCairn } from "../../server/src/main";
import { signUpNodeAccount } from "../../tests/support/node-account";
import { viteConfigFor } from "../../web/vite-app-config";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { seedCairn } from "../seed/seed-cairn";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The photos app as `npm run build:web` builds it, in `webDistDir/photos` (the other apps are stubs: not used). */
export const buildPhotosApp = async (webDistDir: string): Promise<void> => {
  const photos = viteConfigFor("photos");
  await build({
    ...photos,
    configFile: false,
    logLevel: "error",
    build: { ...photos.build, outDir: path.join(webDistDir, "photos") },
  });
  for (const app of ["accounts", "auth"]) {
    await mkdir(path.join(webDistDir, app), { recursive: true });
    await writeFile(
      path.join(webDistDir, app, "index.html"),
      "<!doctype html><title>Cairn</title>",
    );
  }
};

export interface Credentials {
  email: string;
  password: string;
}

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
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cairn-bench-${label}-`));
  const cairn = await startCairn(
    {
      dataDir,
      webDistDir,
      logLevel: "warn",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
      rateLimitScale: 100,
    },
    { environment: {}, cwd: repoRoot },
  );
  const close = async () => {
    await cairn.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const credentials = {
      email: `${label}-bench-${Date.now().toString(36)}@cairn.test`,
      password: `${label} bench password`,
    };
    const account = await signUpNodeAccount({
      apiOrigin: cairn.urls.api,
      mailDir: path.join(dataDir, "mail"),
      ...credentials,
    });
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
): Promise<void> => {
  await page.goto(`${photosOrigin}/login`);
  await page.getByLabel("Email", { exact: true }).fill(credentials.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL(/\/gallery/, { timeout: 120_000 });
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
