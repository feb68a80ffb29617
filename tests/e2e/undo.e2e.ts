// Undo in the toast of each reversible action: trashing, removing from an
// album, favoriting and archiving say what they did with an Undo beside it
// (moves and hiding are undone the same way: `undo.integration.test.ts`), and
// Undo puts the files back where they were (also in a second album, and
// after a reload). On a phone the toast stands above the navigation bar, in
// English and German. `CAIRN_E2E_SCREENSHOTS=<dir>` saves the toast.
// See: [Note: An undo puts files back where they were]

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import {
  expectAlbumCount,
  selectionAction,
  selectTiles,
  tile,
  waitForUpToDate,
  openAlbum,
} from "./test-support/gallery";
import {
  type AccountWithLibrary,
  keptLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let owner: AccountWithLibrary;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "undo");
  const beach = await owner.client.createCollection({ name: "Beach", type: "album" });
  const alps = await owner.client.createCollection({ name: "Alps", type: "album" });
  const shared = await uploadTestFile(owner.client, beach, "dunes.jpg", await generatedJpeg(61));
  await uploadTestFile(owner.client, beach, "waves.jpg", await generatedJpeg(62));
  await uploadTestFile(owner.client, beach, "shells.jpg", await generatedJpeg(63));
  await uploadTestFile(owner.client, alps, "summit.jpg", await generatedJpeg(64));
  await owner.client.addFiles(alps, [shared]);
});

afterAll(async () => {
  await owner.client.close();
});

const toast = (page: Page) => page.locator(".cairn-toast");

/** Presses Undo in the toast that says `message`, and waits for 'Undone'. */
const undoFromToast = async (page: Page, message: string) => {
  await toast(page).getByText(message).waitFor({ timeout: pageCatchUpMs });
  await toast(page).getByRole("button", { name: "Undo", exact: true }).click();
  await toast(page).getByText("Undone", { exact: true }).waitFor({ timeout: pageCatchUpMs });
};

it("undoes a trash, a removal from an album and a favorite", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  await openAlbum(page, "Beach");
  await expectAlbumCount(page, "Beach", 3);

  // Trashed from two albums, back in both.
  await selectTiles(page, ["dunes.jpg", "waves.jpg"]);
  await selectionAction(page, "Move to trash").click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Move to trash", exact: true })
    .click();
  await expectAlbumCount(page, "Trash", 2);
  await undoFromToast(page, "Moved 2 files to the trash");
  await expectAlbumCount(page, "Trash", 0);
  await expectAlbumCount(page, "Beach", 3);
  await expectAlbumCount(page, "Alps", 2);

  // Removed from its only album (it went to uncategorized), back in it.
  await selectTiles(page, ["shells.jpg"]);
  await selectionAction(page, "Remove from album").click();
  await expectAlbumCount(page, "Beach", 2);
  await undoFromToast(page, "Removed 1 file from the album");
  await expectAlbumCount(page, "Beach", 3);

  // Favorited, then not.
  await selectTiles(page, ["waves.jpg"]);
  await selectionAction(page, "Add to favorites").click();
  await expectAlbumCount(page, "Favorites", 1);
  await undoFromToast(page, "Added 1 file to favorites");
  await expectAlbumCount(page, "Favorites", 0);

  // What the undos put back is what the server holds.
  await page.reload();
  await waitForUpToDate(page);
  await expectAlbumCount(page, "Beach", 3);
  await expectAlbumCount(page, "Alps", 2);
  await expectAlbumCount(page, "Trash", 0);
});

it("shows the Undo toast above the phone's navigation bar, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of englishAndGerman) {
    await page.evaluate((chosen) => {
      localStorage.setItem("locale", chosen);
    }, locale);
    await page.reload();
    await waitForUpToDate(page);
    // Archived, a photo leaves the timeline; undone, it is back.
    await selectTiles(page, ["shells.jpg"]);
    await page.locator("[data-testid=selection-bar] button").first().waitFor();
    const archive = locale === "en-US" ? "Archive" : "Archivieren";
    await selectionAction(page, archive).click();
    const undo = toast(page).getByRole("button", {
      name: locale === "en-US" ? "Undo" : "Rückgängig",
    });
    await undo.waitFor({ timeout: pageCatchUpMs });
    const [toastBox, navBox] = await Promise.all([
      toast(page).boundingBox(),
      page.locator(".cairn-nav").boundingBox(),
    ]);
    expect(toastBox !== null && navBox !== null && toastBox.y + toastBox.height <= navBox.y).toBe(
      true,
    );
    const fits = await toast(page).evaluate(
      (element) => element.scrollWidth <= element.clientWidth + 1,
    );
    expect(fits, locale).toBe(true);
    if (screenshotDir !== undefined) {
      await page.screenshot({ path: path.join(screenshotDir, `undo-toast-${locale}-390.png`) });
    }
    await tile(page, "shells.jpg").waitFor({ state: "detached", timeout: pageCatchUpMs });
    await undo.click();
    await tile(page, "shells.jpg").waitFor({ timeout: pageCatchUpMs });
  }
});
