// Uploading through the real photos UI in Chromium: the picked files go to
// the sync worker as File handles, the media worker sniffs, reads EXIF,
// probes videos and makes thumbnails, the crypto pool encrypts, and each
// file's result shows in the upload panel; the files appear in the gallery
// with their thumbnails, survive a reload and reach a second browser.

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../support/node-account";
import { fixtureMediaDir, generatedVideo } from "../support/test-media";
import { expectGalleryOf, logIn } from "./support/accounts";
import {
  albumEntry,
  expectAlbumCount,
  syncUntil,
  albumCountOf,
  tile,
  waitForUpToDate,
  waitForVisibleThumbnails,
} from "./support/gallery";
import { signUpWithLibraryClient } from "./support/library";
import { useCairnInChromium } from "./support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let first: Page;
let second: Page;
const albumName = "Summer";

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "uploader", "upload password"));
  await client.createCollection({ name: albumName, type: "album" });
  for (const which of ["first", "second"] as const) {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await logIn(page, cairn(), account.email, account.password);
    await expectGalleryOf(page, account.email);
    await waitForUpToDate(page);
    if (which === "first") first = page;
    else second = page;
  }
}, 240_000);

afterAll(async () => {
  await client.close();
});

interface PickFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const fixtureFile = async (name: string, mimeType: string): Promise<PickFile> => ({
  name,
  mimeType,
  buffer: await readFile(path.join(fixtureMediaDir, name)),
});

/** Picks `files` through the Upload button's file input, in the open view. */
const pickFiles = async (page: Page, files: readonly PickFile[]) => {
  await page.getByTestId("upload-input-files").setInputFiles([...files]);
};

/** The panel's count of files with `result`, once the run has finished. */
const resultCount = async (page: Page, result: string): Promise<number> => {
  const group = page.getByTestId(`upload-result-${result}`);
  if ((await group.count()) === 0) return 0;
  return Number(await group.getAttribute("data-count"));
};

const waitForFinish = (page: Page) =>
  expect
    .poll(() => page.getByTestId("upload-phase").getAttribute("data-phase"), { timeout: 120_000 })
    .toBe("finish");

it("uploads photos, a HEIC and a video into the open album, refuses a text file, and shows them everywhere", async () => {
  await albumEntry(first, albumName).click();
  await pickFiles(first, [
    await fixtureFile("IMG_20180725_163423-tiny.jpg", "image/jpeg"),
    await fixtureFile("heic-single.heic", "image/heic"),
    await fixtureFile("noexif.jpg", "image/jpeg"),
    {
      name: "clip.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from(await generatedVideo({ creationTime: "2021-06-01T08:00:00Z" })),
    },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") },
  ]);
  await waitForFinish(first);
  expect(await resultCount(first, "uploaded")).toBe(4);
  expect(await resultCount(first, "unsupported")).toBe(1);

  // As they finished, the files joined the open album, with thumbnails.
  await expectAlbumCount(first, albumName, 4);
  for (const title of [
    "IMG_20180725_163423-tiny.jpg",
    "heic-single.heic",
    "noexif.jpg",
    "clip.mp4",
  ]) {
    await tile(first, title).waitFor();
  }
  await waitForVisibleThumbnails(first);

  // A reload keeps them; the second browser gets them with its sync.
  await first.reload();
  await waitForUpToDate(first);
  await expectAlbumCount(first, albumName, 4);
  await syncUntil(second, () => albumCountOf(second, albumName), 4);
}, 240_000);

it("reports the same files again as already uploaded, without a second copy", async () => {
  // The reload above closed the last run's panel.
  await albumEntry(first, albumName).click();
  await pickFiles(first, [await fixtureFile("noexif.jpg", "image/jpeg")]);
  await waitForFinish(first);
  expect(await resultCount(first, "already-uploaded")).toBe(1);
  await expectAlbumCount(first, albumName, 4);
}, 120_000);
