// Gallery helpers for browser tests: the sync state, album entries of the
// albums bar, tiles of the grid (by their file's title), selections and the
// viewer.

import type { Page } from "playwright-core";
import { expect } from "vitest";
import { visibleThumbnailsLoadedAtMs } from "../../../bench/lib/gallery-page";
import { mediaWorkMs, pageCatchUpMs } from "./waits";

/** Waits until the sync worker says the library is up to date. */
export const waitForUpToDate = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector("[data-testid=library-sync-state]")?.getAttribute("data-state") ===
      "up-to-date",
    undefined,
    { timeout: pageCatchUpMs },
  );

/**
 * Asks for a sync the way a returning user does (the window gets focus) and
 * waits for the library to be up to date. On a busy machine the run may not
 * have started yet when this returns (the state shows "up-to-date" until it
 * does): to see another device's change, use `syncUntil`, which waits for it.
 */
export const syncByFocus = async (page: Page) => {
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  // The state leaves "up-to-date" while the run goes; give it a moment to start.
  await page.waitForTimeout(300);
  await waitForUpToDate(page);
};

/**
 * Syncs `page` until `check` answers `expected`: another browser's change
 * may reach the server a moment after that browser shows it (its views are
 * optimistic), so one sync may come too early.
 */
export const syncUntil = async <T>(page: Page, check: () => Promise<T>, expected: T) => {
  await expect
    .poll(
      async () => {
        await syncByFocus(page);
        return check();
      },
      // See: [Note: Browser test waits are sized for a loaded 2-core machine]
      { timeout: pageCatchUpMs, interval: 500 },
    )
    .toEqual(expected);
};

/** The count of the albums bar's entry called `name`, or undefined when there is none. */
export const albumCountOf = async (page: Page, name: string): Promise<number | undefined> => {
  const entry = albumEntry(page, name);
  if ((await entry.count()) === 0) return undefined;
  return Number((await entry.getByTestId("album-count").textContent())?.replace(/\D/g, ""));
};

/** The albums bar's entry called `name`. */
export const albumEntry = (page: Page, name: string) =>
  page
    .getByTestId("album-entry")
    .filter({ has: page.getByTestId("album-name").getByText(name, { exact: true }) });

/**
 * Opens the albums bar's entry called `name` and waits until the view is
 * shown (its title), so that what follows meets the album's grid, not the
 * one it replaces.
 */
export const openAlbum = async (page: Page, name: string) => {
  await albumEntry(page, name).click();
  await page
    .getByTestId("view-title")
    .getByText(name, { exact: true })
    .waitFor({ timeout: pageCatchUpMs });
};

/** Waits until the albums bar shows `name` with `count` items. */
export const expectAlbumCount = async (page: Page, name: string, count: number) => {
  await expect.poll(() => albumCountOf(page, name), { timeout: pageCatchUpMs }).toBe(count);
};

/** Waits until the albums bar has no entry called `name`. */
export const expectNoAlbum = async (page: Page, name: string) => {
  await expect.poll(() => albumEntry(page, name).count(), { timeout: pageCatchUpMs }).toBe(0);
};

/** The grid's tile of the file titled `title`. */
export const tile = (page: Page, title: string) =>
  page.getByTestId("gallery-tile").and(page.getByRole("gridcell", { name: title, exact: true }));

/** Selects the files titled `titles` with their tiles' checkboxes. */
export const selectTiles = async (page: Page, titles: readonly string[]) => {
  for (const title of titles) {
    const target = tile(page, title);
    await target.hover();
    await target.getByRole("checkbox").click();
  }
  await expect
    .poll(() => page.getByTestId("selection-count").textContent(), { timeout: pageCatchUpMs })
    .toContain(String(titles.length));
};

/** A button of the selection bar (or of a menu it opens). */
export const selectionAction = (page: Page, name: string) =>
  page.getByTestId("selection-bar").getByRole("button", { name, exact: true });

/** Waits until every tile in the grid's viewport has its thumbnail. */
export const waitForVisibleThumbnails = (page: Page) =>
  page.waitForFunction(visibleThumbnailsLoadedAtMs, undefined, {
    timeout: mediaWorkMs,
    polling: 100,
  });

/** Opens the viewer on the tile titled `title`. */
export const openInViewer = async (page: Page, title: string) => {
  await tile(page, title).click();
  await page.getByTestId("gallery-viewer").waitFor();
};

/**
 * Gives the account's password on the hidden section's lock screen, and
 * waits for it to go. See: [Note: Hidden is locked]
 */
export const unlockHidden = async (page: Page, password: string) => {
  const lock = page.getByTestId("hidden-lock");
  await lock.waitFor({ timeout: pageCatchUpMs });
  await lock.getByLabel("Password", { exact: true }).fill(password);
  await lock.getByRole("button", { name: "Unlock", exact: true }).click();
  await lock.waitFor({ state: "detached", timeout: pageCatchUpMs });
};
