// A collecting public link in Chromium: an owner (a Node
// library client) asks guests for their photos with a link that collects
// and lets people join. An anonymous guest adds a photo and an iPhone HEIC
// through the page's Upload button after giving their name, sees them
// arrive without a reload and views the HEIC; the owner's gallery shows the
// photo with "Added by" the guest's name. A
// guest with an account joins the album from the link and lands on it in
// their own gallery.

import { afterAll, beforeAll, expect, it } from "vitest";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import { createAlbumLink, linkWithKey } from "../../workers/library/sharing-operations";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { openInViewer, syncUntil, tile, waitForVisibleThumbnails } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
  titlesInAlbum,
} from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { fixtureFile, pickFiles, resultNames, waitForFinish } from "./test-support/uploads";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let owner: AccountWithLibrary;
let guest: AccountWithLibrary;
let wedding: DecryptedCollection;
let url: string;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "bride");
  guest = await signUpWithLibraryClient(cairn(), "guest");
  wedding = await owner.client.createCollection({ name: "Wedding", type: "album" });
  await uploadTestFile(owner.client, wedding, "cake.jpg", await generatedJpeg(31));
  const created = await createAlbumLink(owner.client.deps, wedding.id, {
    enableCollect: true,
    enableJoin: true,
  });
  url = linkWithKey(created.url, wedding.keyB64);
});

afterAll(async () => {
  await owner.client.close();
  await guest.client.close();
});

it("uploads into a collect-enabled album under the guest's name, which the owner sees", async () => {
  const context = await browser().newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId("view-title").getByText("Wedding", { exact: true }).waitFor();
  expect(await page.getByTestId("library-item-count").textContent()).toBe("1 item");

  expect(await page.getByTestId("upload-button").isVisible()).toBe(true);
  await pickFiles(page, [
    await fixtureFile("canon-dslr.jpg", "image/jpeg", "first-dance.jpg"),
    await fixtureFile("heic-iphone7.heic", "image/heic", "bouquet.heic"),
  ]);
  const dialog = page.getByTestId("uploader-name-dialog");
  await dialog.getByLabel("Your name", { exact: true }).fill("Aunt Maria");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await waitForFinish(page);
  expect((await resultNames(page, UploadResult.uploaded)).sort()).toEqual([
    "bouquet.heic",
    "first-dance.jpg",
  ]);

  // In the guest's grid without a reload, with their thumbnails.
  await tile(page, "first-dance.jpg").waitFor();
  await expect
    .poll(() => page.getByTestId("library-item-count").textContent(), { timeout: pageCatchUpMs })
    .toBe("3 items");
  await waitForVisibleThumbnails(page);
  // The HEIC shows in the viewer, through the media worker's JPEG (4032×3024).
  await page.getByTestId("upload-close").click();
  await openInViewer(page, "bouquet.heic");
  await expect
    .poll(
      () =>
        page
          .getByTestId("viewer-image")
          .evaluate((image) => (image as HTMLImageElement).naturalWidth)
          .catch(() => 0),
      { timeout: mediaWorkMs },
    )
    .toBe(4032);
  await context.close();

  // The owner's library has them as the owner's own files…
  expect(await titlesInAlbum(owner.client, wedding)).toEqual([
    "bouquet.heic",
    "cake.jpg",
    "first-dance.jpg",
  ]);
  // …and the owner's gallery says who added it.
  const ownerPage = await openLoggedInGallery(browser(), cairn(), owner.account);
  await ownerPage.goto(
    `${new URL(ownerPage.url()).origin}/gallery?collection=${String(wedding.id)}`,
  );
  await tile(ownerPage, "first-dance.jpg").waitFor({ timeout: mediaWorkMs });
  await openInViewer(ownerPage, "first-dance.jpg");
  await ownerPage.getByRole("button", { name: "Info", exact: true }).click();
  await ownerPage
    .getByTestId("viewer-info")
    .getByText("Added by Aunt Maria", { exact: true })
    .waitFor({ timeout: pageCatchUpMs });
  await ownerPage.context().close();
});

it("lets a logged-in guest join the album from the link, and opens it in their gallery", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), guest.account);
  await page.goto(url);
  await page.getByTestId("view-title").getByText("Wedding", { exact: true }).waitFor();
  await page.getByTestId("public-album-join").click();

  await page.waitForURL(/\/gallery\?collection=/, { timeout: pageCatchUpMs });
  expect(new URL(page.url()).searchParams.get("collection")).toBe(String(wedding.id));
  await syncUntil(
    page,
    async () => (await page.getByTestId("view-title").textContent())?.includes("Wedding") ?? false,
    true,
  );
  await tile(page, "cake.jpg").waitFor({ timeout: mediaWorkMs });
  await page.context().close();

  // The owner's album now lists the guest, as a collaborator (the link collects).
  const collections = await owner.client.fetchCollections();
  const album = collections.find((entry) => entry.ok && entry.collection.id === wedding.id);
  expect(album?.ok === true ? album.collection.sharees : []).toEqual([
    expect.objectContaining({ id: guest.account.userID, role: "COLLABORATOR" }),
  ]);
});
