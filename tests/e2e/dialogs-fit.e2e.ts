// Dialogs fit their width (spec §2: 346 and 360 px) in all 8 locales, on a
// desktop (1400×900) and a phone (390×844). The sharing dialog of an album
// shared with a person of a long address, with a public link, shows its
// owner, its people with their roles and "Remove", and the link with "Copy
// link"; the album's rename and delete dialogs, the all-albums view, the
// album picker, the trash confirmation, the time fix, the restore of a photo
// whose album is gone and the account deletion show all their text and
// buttons. Nothing is cut off or pushed out
// of its dialog. `CAIRN_E2E_SCREENSHOTS=<dir>` also saves what each locale
// and size looked like.

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLocales } from "../../web/common/i18n/locales";
import { createAlbumLink, shareAlbum } from "../../workers/library/sharing-operations";
import type { Page } from "playwright-core";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { albumEntry, selectTiles } from "./test-support/gallery";
import { overflowsIn } from "./test-support/dialog-fit";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { forEachLook, lookSizes, showLook } from "./test-support/looks";
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
  await uploadTestFile(owner.client, album, "leuchtturm.jpg", await generatedJpeg(81));
  // A photo in the trash whose album is gone: restoring it asks where.
  const pier = await owner.client.createCollection({ name: "Alte Mole", type: "album" });
  const mole = await uploadTestFile(owner.client, pier, "mole.jpg", await generatedJpeg(82));
  await owner.client.trashFiles([{ fileID: mole.id, collectionID: pier.id }]);
  await owner.client.deleteCollection(pier.id, { keepFiles: true });
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

/** Opens the album and chooses `action` in its menu (the upload button has a menu too). */
const chooseInAlbumMenu = async (page: Page, action: string) => {
  await albumEntry(page, albumName).click();
  await page
    .locator(
      ".cairn-view-header__tools > .cairn-menu:not(.cairn-upload-button) > [aria-haspopup=menu]",
    )
    .click();
  await page.locator(`[role=menu] [data-action=${action}]`).click();
};

/**
 * Each other dialog, with how a person opens it (by structure, not by text:
 * the words change with the locale); each is closed with Escape.
 */
const otherDialogs: readonly { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "rename-album",
    open: (page) => chooseInAlbumMenu(page, "rename"),
  },
  {
    name: "delete-album",
    open: (page) => chooseInAlbumMenu(page, "delete"),
  },
  {
    name: "all-albums",
    open: async (page) => {
      await page.locator(".cairn-albums-bar__tools > button").click();
    },
  },
  {
    name: "album-picker",
    open: async (page) => {
      await selectTiles(page, ["leuchtturm.jpg"]);
      await page.locator("[data-testid=selection-bar] [data-action=add-to-album]").click();
    },
  },
  {
    name: "trash-confirmation",
    open: async (page) => {
      await selectTiles(page, ["leuchtturm.jpg"]);
      await page.locator("[data-testid=selection-bar] [data-action=trash]").click();
    },
  },
  {
    name: "fix-time",
    open: async (page) => {
      await selectTiles(page, ["leuchtturm.jpg"]);
      await page.locator("[data-testid=selection-bar] [data-action=fix-time]").click();
    },
  },
  {
    name: "restore-picker",
    open: async (page) => {
      await page.goto(`${cairn().urls.photos}/gallery?collection=-2`);
      await selectTiles(page, ["mole.jpg"]);
      await page.locator("[data-testid=selection-bar] [data-action=restore]").click();
    },
  },
  {
    name: "delete-account",
    open: async (page) => {
      await page.getByTestId("nav-settings").click();
      await page.locator(".cairn-settings__delete").click();
    },
  },
];

// One test per look (8 dialogs each), so no single test carries all 128.
const looks = lookSizes.flatMap((size) =>
  supportedLocales.map((locale) => ({
    ...size,
    locale,
    at: `${locale} at ${String(size.width)} px`,
  })),
);

describe("the other dialogs", () => {
  let page: Page | undefined;
  const loggedInPage = async (): Promise<Page> => {
    page ??= await openLoggedInGallery(browser(), cairn(), owner.account);
    return page;
  };

  it.each(looks)("fit in $at", async ({ width, height, locale, at }) => {
    const page = await loggedInPage();
    // The last dialog leaves the settings open.
    await page.goto(`${cairn().urls.photos}/gallery`);
    await showLook(page, { width, height, locale });
    const misfits: string[] = [];
    for (const { name, open } of otherDialogs) {
      await page.goto(`${cairn().urls.photos}/gallery`);
      await page.getByTestId("view-title").waitFor();
      await albumEntry(page, albumName).waitFor();
      await open(page);
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      // After the dialog's entrance animation.
      await page.waitForTimeout(300);
      for (const problem of await overflowsIn(dialog)) misfits.push(`${name} ${at}: ${problem}`);
      if (screenshotDir !== undefined) {
        await page.screenshot({
          path: path.join(screenshotDir, `${name}-${locale}-${String(width)}.png`),
        });
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }
    expect(misfits).toEqual([]);
  });
});
