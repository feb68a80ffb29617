// The sharing dialog fits its width (spec §2: 360 px) in all 8 locales, on a
// desktop (1400×900) and a phone (390×844): an album shared with a person of
// a long address, with a public link, shows its owner, its people with their
// roles and "Remove", and the link with "Copy link", none of it cut off or
// pushed out of the dialog. `CAIRN_E2E_SCREENSHOTS=<dir>` also saves what
// each locale and size looked like.

import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { supportedLocales } from "../../web/common/i18n/locales";
import { createAlbumLink, shareAlbum } from "../../workers/library/sharing-operations";
import { albumEntry } from "./test-support/gallery";
import { overflowsIn } from "./test-support/dialog-fit";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let owner: AccountWithLibrary;
let sharee: AccountWithLibrary;
const albumName = "Sommerferien am Meer";
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

beforeAll(async () => {
  [owner, sharee] = await Promise.all([
    signUpWithLibraryClient(cairn(), "dialog-owner", "owner password"),
    signUpWithLibraryClient(cairn(), "a-sharee-with-a-rather-long-address", "sharee password"),
  ]);
  const album = await owner.client.createCollection({ name: albumName, type: "album" });
  await shareAlbum(owner.client.deps, album, sharee.account.email, "COLLABORATOR");
  await createAlbumLink(owner.client.deps, album.id);
});

afterAll(async () => {
  await owner.client.close();
  await sharee.client.close();
});

it("fits the sharing dialog in every locale, on a desktop and a phone", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), owner.account);
  const misfits: string[] = [];
  await forEachLook(page, supportedLocales, async ({ locale, width, at }) => {
    await albumEntry(page, albumName).click();
    await page.getByTestId("view-share").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("sharing-link").waitFor();
    await dialog.getByTestId("sharing-person").waitFor();
    for (const problem of await overflowsIn(dialog)) {
      misfits.push(`${at}: ${problem}`);
    }
    if (screenshotDir !== undefined) {
      // After the dialog's entrance animation.
      await page.waitForTimeout(500);
      await page.screenshot({
        path: path.join(screenshotDir, `sharing-${locale}-${String(width)}.png`),
      });
    }
    await page.keyboard.press("Escape");
  });
  expect(misfits).toEqual([]);
});
