// The crypto scenario's bench page (./page), built and opened in a browser:
// shared with the scenarios that need the same baseline (bare libsodium
// secretstream in one worker), such as `upload`.

import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { benchPageViteConfig } from "../../lib/vite-page-config";
import { CHUNK_BYTES, type RunTiming, STREAM_BYTES, mbPerSecond } from "./parameters";

const pageRoot = fileURLToPath(new URL("./page", import.meta.url));

/** Builds the crypto bench page into `outDir` (then serve it, e.g. with serveDirectory). */
export const buildCryptoBenchPage = async (outDir: string): Promise<void> => {
  await build(benchPageViteConfig(pageRoot, outDir));
};

/** Opens the built page (served at `origin`) in a new page of `browser`, once its API is there. */
export const openCryptoBenchPage = async (browser: Browser, origin: string): Promise<Page> => {
  const page = await browser.newPage();
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => window.cairnCryptoBench !== undefined);
  return page;
};

/** Bare libsodium secretstream in one worker of `page` (an open bench page): every timed run. */
export const runBareLibsodium = (page: Page): Promise<RunTiming[]> =>
  page.evaluate(() => window.cairnCryptoBench?.runBare() ?? []);

/** The fastest encryption of a stream among `runs`, MB/s. */
export const bestEncryptMBps = (runs: readonly RunTiming[]): number =>
  Math.max(
    ...runs.flatMap((run) =>
      run.streams.map((stream) => mbPerSecond(STREAM_BYTES, stream.encryptMs)),
    ),
  );

/** What the bare baseline encrypts: bytes per stream and per chunk. */
export const bareStreamShape = { streamBytes: STREAM_BYTES, chunkBytes: CHUNK_BYTES };
