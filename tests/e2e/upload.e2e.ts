// Uploading through the real photos UI in Chromium: the picked files go to
// the sync worker as File handles, the media worker sniffs, reads EXIF,
// probes videos and makes thumbnails, the crypto pool encrypts, and each
// file's result shows in the upload panel; the files appear in the gallery
// with their thumbnails, survive a reload and reach a second browser.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { generatedVideo } from "../test-support/media";
import {
  expectAlbumCount,
  syncUntil,
  albumCountOf,
  tile,
  waitForUpToDate,
  waitForVisibleThumbnails,
  openAlbum,
} from "./test-support/gallery";
import { openLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { mediaTestMs, pageCatchUpMs } from "./test-support/waits";
import { useCairnInChromium } from "./test-support/suite";
import { fixtureFile, pickFiles, resultCount, waitForFinish } from "./test-support/uploads";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let first: Page;
let second: Page;
const albumName = "Summer";

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "uploader"));
  await client.createCollection({ name: albumName, type: "album" });
  first = await openLoggedInGallery(browser(), cairn(), account);
  second = await openLoggedInGallery(browser(), cairn(), account);
});

afterAll(async () => {
  await client.close();
});

it(
  "uploads photos, a HEIC and a video into the open album, refuses a text file, and shows them everywhere",
  async () => {
    await openAlbum(first, albumName);
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
    // The header says an upload is on its way, not "Up to date".
    await first
      .locator('[data-testid="library-sync-state"][data-state="uploading"]')
      .getByText(/^Uploading \d+ of 5…$/)
      .waitFor();
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
    // The storage meter follows the uploads, without a reload.
    await first
      .getByTestId("sidebar-storage")
      .getByText("4 files", { exact: true })
      .waitFor({ timeout: pageCatchUpMs });
    expect(await first.getByTestId("sidebar-storage").textContent()).not.toContain("0 bytes");

    // A reload keeps them; the second browser gets them with its sync.
    await first.reload();
    await waitForUpToDate(first);
    await expectAlbumCount(first, albumName, 4);
    await syncUntil(second, () => albumCountOf(second, albumName), 4);
  },
  mediaTestMs,
);

it("reports the same files again as already uploaded, without a second copy", async () => {
  // The reload above closed the last run's panel.
  await openAlbum(first, albumName);
  await pickFiles(first, [await fixtureFile("noexif.jpg", "image/jpeg")]);
  await waitForFinish(first);
  expect(await resultCount(first, "already-uploaded")).toBe(1);
  await expectAlbumCount(first, albumName, 4);
});
