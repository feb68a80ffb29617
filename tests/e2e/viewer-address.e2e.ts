// The photo in the viewer has an address (`?file=<fileID>` beside the view):
// opening a photo names it, the next photo replaces it, a reload reopens the
// same photo, closing gives the grid its address back, the back button
// closes the viewer, and a link to a photo of an album opens it there. A
// small photo is enlarged a little and centred. On a
// phone the bar keeps the name readable and folds the actions into "More";
// a slideshow moves on by itself. `CAIRN_E2E_SCREENSHOTS=<dir>` saves the
// phone's menu.
// See: [Note: The viewer's photo has an address]

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { openInViewer, waitForUpToDate } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  keptLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { closeViewer } from "./test-support/viewer";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let owner: AccountWithLibrary;
let album: DecryptedCollection;
const fileIDs = new Map<string, number>();

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "viewer-address");
  album = await owner.client.createCollection({ name: "Harbour", type: "album" });
  // Newest first in the grid: boats, then gulls, then nets.
  const titles = ["nets.jpg", "gulls.jpg", "boats.jpg"];
  for (const [n, title] of titles.entries()) {
    const file = await uploadTestFile(owner.client, album, title, await generatedJpeg(70 + n), {
      creationTimeUs: (1_600_000_000_000 + n * 3_600_000) * 1000,
    });
    fileIDs.set(title, file.id);
  }
});

afterAll(async () => {
  await owner.client.close();
});

const fileInAddress = (page: Page) => new URL(page.url()).searchParams.get("file");
/** The title of the photo the viewer shows. */
const shownTitle = async (page: Page) => {
  const id = Number(await page.getByTestId("gallery-viewer").getAttribute("data-file-id"));
  return [...fileIDs].find(([, fileID]) => fileID === id)?.[0];
};

it("names the viewer's photo in the address, reopens it after a reload, and closes with Back", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  const historyLength = () => page.evaluate(() => history.length);

  await openInViewer(page, "boats.jpg");
  await expect.poll(() => fileInAddress(page)).toBe(String(fileIDs.get("boats.jpg")));
  const openedLength = await historyLength();

  // A photo smaller than the window is enlarged a little and centred, not lost in black.
  const image = page.locator("[data-testid=viewer-image][data-loaded=true]");
  await image.waitFor({ timeout: pageCatchUpMs });
  const shown = await image.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const stage = element.closest(".gallery-viewer__stage")?.getBoundingClientRect();
    return {
      natural: (element as HTMLImageElement).naturalWidth,
      width: box.width,
      leftGap: box.left - (stage?.left ?? 0),
      rightGap: (stage?.right ?? 0) - box.right,
      stageWidth: stage?.width ?? 0,
    };
  });
  expect(shown.natural * 3).toBeLessThan(shown.stageWidth);
  expect(shown.width).toBeCloseTo(shown.natural * 3, 0);
  expect(Math.abs(shown.leftGap - shown.rightGap)).toBeLessThan(2);

  // The next photo replaces the address, it adds no history entry.
  await page.getByTestId("gallery-viewer").getByRole("button", { name: "Next" }).click();
  await expect.poll(() => fileInAddress(page)).toBe(String(fileIDs.get("gulls.jpg")));
  expect(await historyLength()).toBe(openedLength);

  // A reload opens the same photo.
  await page.reload();
  await page.getByTestId("gallery-viewer").waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => shownTitle(page), { timeout: pageCatchUpMs }).toBe("gulls.jpg");

  // Closing gives the grid its address back.
  await closeViewer(page);
  expect(fileInAddress(page)).toBeNull();
  expect(new URL(page.url()).pathname).toBe("/gallery");

  // Opened again, the back button closes it and stays on the grid.
  await openInViewer(page, "nets.jpg");
  await expect.poll(() => fileInAddress(page)).toBe(String(fileIDs.get("nets.jpg")));
  await page.goBack();
  await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });
  expect(fileInAddress(page)).toBeNull();
  await waitForUpToDate(page);
});

it("opens a link to a photo of an album in that album, and forgets a photo that is not there", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  const albumAddress = `${cairn().urls.photos}/gallery?collection=${String(album.id)}`;
  await page.goto(`${albumAddress}&file=${String(fileIDs.get("nets.jpg"))}`);
  await page.getByTestId("gallery-viewer").waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => shownTitle(page), { timeout: pageCatchUpMs }).toBe("nets.jpg");
  await page.getByTestId("view-title").getByText("Harbour").waitFor();
  await closeViewer(page);

  await page.goto(`${albumAddress}&file=999999999`);
  await waitForUpToDate(page);
  await expect.poll(() => fileInAddress(page), { timeout: pageCatchUpMs }).toBeNull();
  expect(await page.getByTestId("gallery-viewer").count()).toBe(0);
});

it("keeps the name and counter readable on a phone, folds the actions into More, and plays a slideshow", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of englishAndGerman) {
    await page.evaluate((chosen) => {
      localStorage.setItem("locale", chosen);
    }, locale);
    await page.goto(`${cairn().urls.photos}/gallery`);
    await waitForUpToDate(page);
    await openInViewer(page, "boats.jpg");
    const viewer = page.getByTestId("gallery-viewer");
    // The bar fits, and the name keeps room to be read.
    const bar = await viewer.locator(".gallery-viewer__bar").evaluate((element) => ({
      overflows: element.scrollWidth > element.clientWidth + 1,
      titleWidth: element.querySelector(".gallery-viewer__title")?.getBoundingClientRect().width,
    }));
    expect(bar.overflows, locale).toBe(false);
    expect(bar.titleWidth ?? 0, locale).toBeGreaterThan(120);
    await viewer.getByRole("button", { name: locale === "en-US" ? "More" : "Mehr" }).click();
    const items = await viewer.getByRole("menuitem").allTextContents();
    expect(items, locale).toContain(locale === "en-US" ? "Download" : "Herunterladen");
    if (screenshotDir !== undefined) {
      await page.screenshot({ path: path.join(screenshotDir, `viewer-more-${locale}-390.png`) });
    }
    await page.keyboard.press("Escape");
    await closeViewer(page);
  }

  // The slideshow moves on by itself and stops after the last photo.
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.goto(`${cairn().urls.photos}/gallery`);
  await waitForUpToDate(page);
  await openInViewer(page, "boats.jpg");
  await page.getByTestId("viewer-slideshow").click();
  await expect
    .poll(() => page.getByTestId("viewer-counter").textContent(), { timeout: pageCatchUpMs })
    .toBe("3 of 3");
  await expect
    .poll(() => page.getByTestId("viewer-slideshow").getAttribute("aria-pressed"), {
      timeout: pageCatchUpMs,
    })
    .toBe("false");
});
