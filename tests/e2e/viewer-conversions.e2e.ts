// The viewer shows originals Chromium cannot decode through the media
// worker: an iPhone HEIC and a live photo's HEIC, uploaded through the real
// UI, are converted to JPEGs that the page's <img> decodes, while the
// download still gives the HEIC byte for byte, and "Copy" puts the JPEG
// shown on the clipboard as a PNG of its full size; a HEIC that cannot be
// converted says so, with a download.

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import type { NodeAccount } from "../test-support/node-account";
import { fixtureMediaDir, generatedLivePhotoPair } from "../test-support/media";
import { expectGalleryOf, logIn } from "./test-support/accounts";
import { openInViewer, tile, waitForUpToDate, openAlbum } from "./test-support/gallery";
import { signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { resultCounts, waitForFinish } from "./test-support/uploads";
import { waitForDecodedImage } from "./test-support/viewer";
import { mediaTestMs, mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let album: DecryptedCollection;
let page: Page;
const albumName = "Phone";
const iPhoneHeic = "heic-iphone7.heic";

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "viewer"));
  album = await client.createCollection({ name: albumName, type: "album" });
  const context = await browser().newContext({
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  await logIn(page, cairn(), account.email, account.password);
  await expectGalleryOf(page, account.email);
  await waitForUpToDate(page);
});

afterAll(async () => {
  await client.close();
});

/** The natural width of the viewer's image once the page has decoded it (0 until then). */
const decodedWidth = (viewer: Page) =>
  viewer.evaluate(
    () =>
      document.querySelector<HTMLImageElement>("[data-testid=viewer-image][data-loaded=true]")
        ?.naturalWidth ?? 0,
  );

it(
  "shows a HEIC and a live photo's HEIC uploaded through the UI, and downloads the HEIC as it was",
  async () => {
    const heicBytes = await readFile(path.join(fixtureMediaDir, iPhoneHeic));
    const live = await generatedLivePhotoPair({ baseName: "IMG_0042" });
    await openAlbum(page, albumName);
    await page.getByTestId("upload-input-files").setInputFiles([
      { name: iPhoneHeic, mimeType: "image/heic", buffer: heicBytes },
      { name: live.image.name, mimeType: "image/heic", buffer: Buffer.from(live.image.bytes) },
      { name: live.video.name, mimeType: "video/quicktime", buffer: Buffer.from(live.video.bytes) },
    ]);
    await waitForFinish(page);
    expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 2 });
    await page.getByTestId("upload-close").click();

    // The iPhone photo: 4032×3024 pixels, decoded by the page from the worker's JPEG.
    await openInViewer(page, iPhoneHeic);
    await expect.poll(() => decodedWidth(page), { timeout: mediaWorkMs }).toBe(4032);
    expect(
      await page
        .getByTestId("viewer-image")
        .evaluate((image) => (image as HTMLImageElement).naturalHeight),
    ).toBe(3024);
    expect(
      await page
        .getByTestId("gallery-viewer")
        .getByText(/could not be converted|cannot be shown/)
        .count(),
    ).toBe(0);

    // Its download is the original HEIC, not the JPEG shown.
    const downloaded = page.waitForEvent("download");
    await page.getByTestId("viewer-download").first().click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(iPhoneHeic);
    expect(Buffer.compare(await readFile(await download.path()), heicBytes)).toBe(0);
    await page.getByTestId("viewer-close").click();
    await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });

    // The live photo's still, a HEIC inside its zip, shows too.
    await tile(page, live.image.name).waitFor();
    await openInViewer(page, live.image.name);
    await expect.poll(() => decodedWidth(page), { timeout: mediaWorkMs }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Play live photo" }).waitFor();
    await page.getByTestId("viewer-close").click();
  },
  mediaTestMs,
);

/**
 * The type and size of the image on the clipboard, read from a page of the
 * API's origin: the photos app may not read the clipboard (its
 * Permissions-Policy), only write to it.
 */
const clipboardImage = async (viewer: Page) => {
  const origin = cairn().urls.api;
  const context = viewer.context();
  await context.grantPermissions(["clipboard-read"], { origin });
  const reader = await context.newPage();
  try {
    await reader.goto(`${origin}/ping`);
    await reader.bringToFront();
    return await reader.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      if (item === undefined) return undefined;
      const bitmap = await createImageBitmap(await item.getType("image/png"));
      return { types: item.types, widthPx: bitmap.width, heightPx: bitmap.height };
    });
  } finally {
    await reader.close();
    await viewer.bringToFront();
  }
};

it(
  "copies the HEIC it shows as a PNG of its full size, and says when the browser refuses",
  async () => {
    await page.context().grantPermissions(["clipboard-write"], { origin: cairn().urls.photos });
    await openInViewer(page, iPhoneHeic);
    await waitForDecodedImage(page);

    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Image copied" })
      .waitFor({ timeout: pageCatchUpMs });
    // The JPEG the worker made of the HEIC, at the full 4032×3024, not the thumbnail.
    expect(await clipboardImage(page)).toEqual({
      types: ["image/png"],
      widthPx: 4032,
      heightPx: 3024,
    });

    // A browser that refuses the write (a permission denied): the key C says so too.
    await page.evaluate(() => {
      navigator.clipboard.write = () =>
        Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await page.getByTestId("gallery-viewer").press("c");
    await page
      .getByRole("alert")
      .filter({ hasText: "Your browser did not allow copying the image." })
      .waitFor();
    await page.getByTestId("viewer-close").click();
    await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });
  },
  mediaTestMs,
);

it(
  "says a HEIC that cannot be converted could not be, and offers its download",
  async () => {
    // A HEIC cut short: its header says HEIC, its image data is gone.
    const broken = (await readFile(path.join(fixtureMediaDir, "heic-single.heic"))).subarray(
      0,
      6000,
    );
    await uploadTestFile(client, album, "IMG_0099.HEIC", new Uint8Array(broken));
    await page.reload();
    await waitForUpToDate(page);
    await openAlbum(page, albumName);
    await tile(page, "IMG_0099.HEIC").waitFor({ timeout: mediaWorkMs });

    await openInViewer(page, "IMG_0099.HEIC");
    const notice = page.getByRole("status").filter({ hasText: "could not be converted" });
    await notice.waitFor({ timeout: mediaWorkMs });
    await notice.getByRole("button", { name: "Download" }).waitFor();
    expect(await page.getByTestId("viewer-image").count()).toBe(0);
  },
  mediaTestMs,
);
