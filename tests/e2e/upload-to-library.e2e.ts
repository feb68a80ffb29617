// Uploading needs no album (see [Note: Uploading from the timeline needs no
// album]): a new account's empty timeline invites with an Upload button in
// its middle and says that files can be dropped anywhere, on a desktop and a
// phone, in English and German; photos picked on the timeline go up without a
// question, show in the timeline, and reach another device in the user's
// uncategorized collection, not in an album. Chosen in the settings, the
// timeline shows the uploaded photos at their own shape (as the upload
// recorded it, an EXIF rotation applied). `CAIRN_E2E_SCREENSHOTS=<dir>` also
// saves the empty timeline and the photos at their shape.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { overflowsIn } from "./test-support/dialog-fit";
import { tile, waitForUpToDate, waitForVisibleThumbnails } from "./test-support/gallery";
import { openLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { fixtureFile, pickFiles, resultCount, waitForFinish } from "./test-support/uploads";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let account: NodeAccount;
let client: NodeLibraryClient;
let page: Page;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "no-album"));
  page = await openLoggedInGallery(browser(), cairn(), account);
});

afterAll(async () => {
  await client.close();
});

it("invites to upload in the middle of the empty timeline, on a desktop and a phone, in English and German", async () => {
  const misfits: string[] = [];
  await forEachLook(page, englishAndGerman, async ({ locale, width, height, at }) => {
    const empty = page.getByTestId("gallery-empty");
    const invite = empty.getByTestId("upload-invite");
    await invite.waitFor();
    expect(await empty.getByTestId("gallery-drop-hint").isVisible()).toBe(true);
    // The invitation is in the middle of the page's width, whole.
    const box = await invite.boundingBox();
    const grid = await page.getByTestId("gallery-empty").boundingBox();
    if (box === null || grid === null) throw new Error("The invitation has no box");
    const middle = grid.x + grid.width / 2;
    expect(Math.abs(box.x + box.width / 2 - middle)).toBeLessThan(2);
    for (const problem of await overflowsIn(empty)) {
      misfits.push(`${at}: ${problem}`);
    }
    // Its menu opens whole on the screen.
    await invite.click();
    const menu = empty.getByRole("menu");
    const menuBox = await menu.boundingBox();
    if (menuBox === null) throw new Error("The menu has no box");
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(width);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(height);
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `empty-timeline-${locale}-${String(width)}.png`),
      });
    }
    await page.keyboard.press("Escape");
  });
  expect(misfits).toEqual([]);
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.reload();
  await waitForUpToDate(page);
});

it("uploads photos picked on the timeline without asking, into no album", async () => {
  await pickFiles(page, [
    await fixtureFile("noexif.jpg", "image/jpeg"),
    await fixtureFile("Bush-dog.jpg", "image/jpeg"),
  ]);
  expect(await page.getByTestId("upload-target-dialog").count()).toBe(0);
  await waitForFinish(page);
  expect(await resultCount(page, "uploaded")).toBe(2);
  await page.getByTestId("upload-close").click();
  await tile(page, "noexif.jpg").waitFor({ timeout: pageCatchUpMs });
  await tile(page, "Bush-dog.jpg").waitFor({ timeout: pageCatchUpMs });

  // Another device finds them in the user's uncategorized collection, and no album was made.
  const collections = (await client.fetchCollections()).flatMap((entry) =>
    entry.ok && !entry.collection.isDeleted ? [entry.collection] : [],
  );
  expect(collections.filter((collection) => collection.type === "album")).toEqual([]);
  const uncategorized = collections.filter((collection) => collection.type === "uncategorized");
  expect(uncategorized).toHaveLength(1);
  const [library] = uncategorized;
  if (library === undefined) return;
  const { entries } = await client.fetchCollectionFiles(library);
  expect(
    entries.flatMap((entry) => (entry.kind === "file" ? [entry.file.metadata.title] : [])).sort(),
  ).toEqual(["Bush-dog.jpg", "noexif.jpg"]);
});

/** Shapes of photos as the fixtures show them (f6t.jpg is stored 80×48, turned by its EXIF orientation). */
const shownShapes: Record<string, number> = {
  "noexif.jpg": 250 / 188,
  "Bush-dog.jpg": 400 / 398,
  "door-knocker.jpg": 800 / 533,
  "f6t.jpg": 48 / 80,
  "issue-exifr-4.jpg": 100 / 50,
};

it("shows uploaded photos at their own shape when chosen, on a desktop and a phone, in English and German", async () => {
  await pickFiles(page, [
    await fixtureFile("door-knocker.jpg", "image/jpeg"),
    await fixtureFile("f6t.jpg", "image/jpeg"),
    await fixtureFile("issue-exifr-4.jpg", "image/jpeg"),
  ]);
  await waitForFinish(page);
  await page.getByTestId("upload-close").click();
  await page.getByTestId("nav-settings").click();
  const ownShape = page.getByTestId("settings-own-shape-tiles");
  expect(await ownShape.isChecked()).toBe(false);
  await ownShape.check();
  await page.getByTestId("nav-photos").click();

  const problems: string[] = [];
  await forEachLook(page, englishAndGerman, async ({ locale, width, at }) => {
    for (const [title, shape] of Object.entries(shownShapes)) {
      const box = await tile(page, title).boundingBox({ timeout: pageCatchUpMs });
      if (box === null) {
        problems.push(`${at}: ${title} is not shown`);
        continue;
      }
      const shown = box.width / box.height;
      if (Math.abs(shown / shape - 1) > 0.03) {
        problems.push(`${at}: ${title} is ${shown.toFixed(2)}:1, not ${shape.toFixed(2)}:1`);
      }
    }
    if (screenshotDir !== undefined) {
      await waitForVisibleThumbnails(page);
      await page.screenshot({
        path: path.join(screenshotDir, `own-shape-${locale}-${String(width)}.png`),
      });
    }
  });
  expect(problems).toEqual([]);

  // Squares again when the choice is undone; it is the device's, kept across reloads.
  await page.getByTestId("nav-settings").click();
  expect(await ownShape.isChecked()).toBe(true);
  await ownShape.uncheck();
  await page.getByTestId("nav-photos").click();
  const box = await tile(page, "issue-exifr-4.jpg").boundingBox({ timeout: pageCatchUpMs });
  expect(box === null ? 0 : box.width / box.height).toBeCloseTo(1, 1);
});
