// Dialogs fit their width (spec §2: 346 and 360 px) in all 8 locales, on a
// desktop (1400×900) and a phone (390×844). The sharing dialog of an album
// shared with a person of a long address, with a public link, shows its
// owner, its people with their roles and "Remove", and the link with "Copy
// link"; the album's rename and delete dialogs, the all-albums view, the
// album picker, the trash confirmation, the time fix, the restore of a photo
// whose album is gone and the account deletion show all their text and
// buttons. Nothing is cut off or pushed out of its dialog.
//
// One test per look (locale and size): the page takes the size, the
// settings' language picker the locale (as a person changes it, without a
// page load: a load re-opens the encrypted library, seconds each), and a
// person's way through the app (the albums bar, the selection bar, the
// album's menu, the settings link) opens each dialog in turn, Escape
// closing it; a dialog that does not open or close is reported by name and
// the gallery loaded afresh for the next.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves each dialog in each locale and
// size (`<dialog>-<locale>-<width>.png`).

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import { supportedLocales } from "../../web/common/i18n/locales";
import { createAlbumLink, shareAlbum } from "../../workers/library/sharing-operations";
import type { Locator, Page } from "playwright-core";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { albumEntry, selectTiles, waitForUpToDate } from "./test-support/gallery";
import { overflowsIn } from "./test-support/dialog-fit";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { type Look, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let owner: AccountWithLibrary;
let sharee: AccountWithLibrary;
const albumName = "Sommerferien am Meer";
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

beforeAll(async () => {
  [owner, sharee] = await Promise.all([
    signUpWithLibraryClient(cairn(), "dialog-owner"),
    signUpWithLibraryClient(cairn(), "a-sharee-with-a-rather-long-address"),
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

/** The albums bar's entry of the view `viewID` (all: 0, the trash: -2), whatever its name in the locale. */
const viewEntry = (page: Page, viewID: number) =>
  page.locator(`[data-testid=album-entry][data-collection-id="${String(viewID)}"]`);

/** Opens the view of the albums bar's `entry`, unless it is open, and waits until it is. */
const openView = async (entry: Locator) => {
  await entry.click();
  await entry.and(entry.page().locator("[aria-current=page]")).waitFor();
};

/** Leaves nothing selected: an action's dialog closed with Escape keeps the selection. */
const clearSelection = async (page: Page) => {
  const bar = page.getByTestId("selection-bar");
  if ((await bar.count()) === 0) return;
  await bar.locator(".cairn-selection-bar__clear").click();
  await bar.waitFor({ state: "detached" });
};

/** Selects `title` alone in the view of `viewID`, and chooses `action` in the selection bar. */
const actOnSelected = async (page: Page, viewID: number, title: string, action: string) => {
  await openView(viewEntry(page, viewID));
  await clearSelection(page);
  await selectTiles(page, [title]);
  await page.locator(`[data-testid=selection-bar] [data-action=${action}]`).click();
};

/** Opens the album and chooses `action` in its menu (the upload button has a menu too). */
const chooseInAlbumMenu = async (page: Page, action: string) => {
  await openView(albumEntry(page, albumName));
  await page
    .locator(
      ".cairn-view-header__tools > .cairn-menu:not(.cairn-upload-button) > [aria-haspopup=menu]",
    )
    .click();
  await page.locator(`[role=menu] [data-action=${action}]`).click();
};

/**
 * Each dialog, with how a person opens it from wherever the last one left
 * the gallery (by structure, not by text: the words change with the
 * locale), and what it shows once it has loaded; each is closed with
 * Escape. The account deletion comes last: it leaves the gallery for the
 * settings.
 */
const dialogs: readonly {
  name: string;
  open: (page: Page) => Promise<void>;
  loaded?: (dialog: Locator) => Promise<void>;
}[] = [
  {
    name: "all-albums",
    open: async (page) => {
      await openView(viewEntry(page, PseudoCollectionID.all));
      await page.locator(".cairn-albums-bar__tools > button").click();
    },
  },
  {
    name: "album-picker",
    open: (page) => actOnSelected(page, PseudoCollectionID.all, "leuchtturm.jpg", "add-to-album"),
  },
  {
    name: "trash-confirmation",
    open: (page) => actOnSelected(page, PseudoCollectionID.all, "leuchtturm.jpg", "trash"),
  },
  {
    name: "fix-time",
    open: (page) => actOnSelected(page, PseudoCollectionID.all, "leuchtturm.jpg", "fix-time"),
  },
  {
    name: "sharing",
    open: async (page) => {
      await openView(albumEntry(page, albumName));
      await page.getByTestId("view-share").click();
    },
    loaded: async (dialog) => {
      await dialog.getByTestId("sharing-link").waitFor();
      await dialog.getByTestId("sharing-person").waitFor();
    },
  },
  {
    name: "rename-album",
    open: (page) => chooseInAlbumMenu(page, "rename"),
  },
  {
    name: "delete-album",
    open: (page) => chooseInAlbumMenu(page, "delete"),
  },
  {
    name: "restore-picker",
    open: (page) => actOnSelected(page, PseudoCollectionID.trash, "mole.jpg", "restore"),
  },
  {
    name: "delete-account",
    open: async (page) => {
      await page.getByTestId("nav-settings").click();
      await page.locator(".cairn-settings__delete").click();
    },
  },
];

/** Waits for the entrance animations of `dialog` and its backdrop to end. */
const afterEntrance = (dialog: Locator) =>
  dialog.evaluate(async (root) => {
    const animations = [root, root.parentElement].flatMap(
      (element) => element?.getAnimations() ?? [],
    );
    await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
  });

/** The gallery ("all") in `locale` at a size, loaded afresh: after a dialog that would not open or close. */
const reloadGalleryInLook = async (page: Page, look: Omit<Look, "at">) => {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.evaluate((chosen) => {
    localStorage.setItem("locale", chosen);
  }, look.locale);
  await page.goto(`${cairn().urls.photos}/gallery`);
  await waitForUpToDate(page);
  await albumEntry(page, albumName).waitFor();
};

/**
 * The gallery ("all") in `locale` at a size, as a person gets there: the
 * settings' language, then the photos. No page load: a load re-opens the
 * encrypted library, seconds each on a loaded machine.
 */
const showGalleryInLook = async (page: Page, look: Omit<Look, "at">) => {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.getByTestId("nav-settings").click();
  await page
    .getByTestId("settings-page")
    .locator(".cairn-language-picker__select")
    .selectOption(look.locale);
  await page.locator(`html[lang="${look.locale}"]`).waitFor({ state: "attached" });
  await page.getByTestId("nav-photos").click();
  await albumEntry(page, albumName).waitFor();
};

const looks: Look[] = lookSizes.flatMap((size) =>
  supportedLocales.map((locale) => ({
    ...size,
    locale,
    at: `${locale} at ${String(size.width)} px`,
  })),
);

describe("the dialogs", () => {
  let page: Page | undefined;

  it.each(looks)("fit in $at", async ({ at, ...look }) => {
    if (page === undefined) {
      page = await openLoggedInGallery(browser(), cairn(), owner.account);
      // A person's setting the app honours (base.css): the dialogs' entrance
      // animations take a millisecond instead of being waited for, 144 times.
      await page.emulateMedia({ reducedMotion: "reduce" });
    }
    const shown = page;
    await showGalleryInLook(shown, look);
    const misfits: string[] = [];
    for (const { name, open, loaded } of dialogs) {
      try {
        await open(shown);
        const dialog = shown.getByRole("dialog");
        await dialog.waitFor();
        await loaded?.(dialog);
        await afterEntrance(dialog);
        for (const problem of await overflowsIn(dialog)) misfits.push(`${name} ${at}: ${problem}`);
        if (screenshotDir !== undefined) {
          await shown.screenshot({
            path: path.join(screenshotDir, `${name}-${look.locale}-${String(look.width)}.png`),
          });
        }
        await shown.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      } catch (error) {
        // What failed and what it waited for (Playwright's call log starts on line 3).
        const lines = (error instanceof Error ? error.message : String(error)).split("\n");
        const what = [lines[0], lines[2]]
          .filter((line) => line !== undefined)
          .map((line) => line.trim());
        misfits.push(`${name} ${at}: ${what.join(" ")}`);
        // The next dialog starts from a fresh gallery.
        await reloadGalleryInLook(shown, look);
      }
    }
    expect(misfits).toEqual([]);
  });
});
