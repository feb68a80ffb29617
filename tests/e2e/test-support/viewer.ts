// Viewer helpers for browser tests: what the info panel shows of the open
// file (and the page's own format of a date), whether its image decoded or
// its video can play, and a tile's thumbnail.

import type { Page } from "playwright-core";
import { button } from "./accounts";
import { tile } from "./gallery";
import { mediaWorkMs, pageCatchUpMs } from "./waits";

/** The page's own format of a date and time, as the info panel writes it. */
export const shownDateTime = (page: Page, timeMs: number): Promise<string> =>
  page.evaluate((timeMs) => {
    const locale = document.documentElement.lang;
    const date = new Intl.DateTimeFormat(locale, { dateStyle: "full" }).format(timeMs);
    const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(timeMs);
    return `${date} ${time}`;
  }, timeMs);

/** The instant of a wall-clock time ("2018-07-25T16:34:23") in the page's time zone. */
export const localTimeMs = (page: Page, wallClock: string): Promise<number> =>
  page.evaluate((wallClock) => new Date(wallClock).getTime(), wallClock);

/** The details the info panel shows for the open file. */
export const infoDetails = async (page: Page) => {
  const info = page.getByTestId("viewer-info");
  if (!(await info.isVisible())) await button(page, "Info").click();
  // The panel fills in once the file's details are read.
  await page.getByTestId("viewer-info-name").waitFor({ timeout: pageCatchUpMs });
  const text = async (testID: string) => {
    const field = page.getByTestId(testID);
    return (await field.count()) === 0 ? undefined : ((await field.textContent()) ?? "");
  };
  return {
    date: await text("viewer-info-date"),
    location: await text("viewer-info-location"),
    name: await text("viewer-info-name"),
  };
};

/** Waits until the viewer's image has decoded (not just its blurred thumbnail). */
export const waitForDecodedImage = (page: Page) =>
  page
    .getByTestId("viewer-image")
    .and(page.locator("[data-loaded=true]"))
    .waitFor({ timeout: mediaWorkMs });

/** Waits until the viewer's video element has read the video's header. */
export const waitForPlayableVideo = (page: Page) =>
  page.waitForFunction(
    () =>
      (document.querySelector<HTMLVideoElement>("[data-testid=viewer-video]")?.readyState ?? 0) >=
      1,
    undefined,
    { timeout: mediaWorkMs },
  );

/** Closes the viewer with Escape. */
export const closeViewer = async (page: Page) => {
  await page.keyboard.press("Escape");
  await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });
};

/** The natural width of the thumbnail of the tile titled `title` (0 before it decodes). */
export const thumbnailWidthOf = (page: Page, title: string): Promise<number> =>
  tile(page, title)
    .locator("img")
    .first()
    .evaluate((image) => (image as HTMLImageElement).naturalWidth);

/** Closes the viewer when a test before left it open (say, when it failed inside). */
export const closeViewerIfOpen = async (page: Page) => {
  if ((await page.getByTestId("gallery-viewer").count()) > 0) await closeViewer(page);
};
