// Small days share a row of the timeline (see [Note: Small days share a row]):
// a library of a few photos a day, on a desktop (1400×900) and a phone
// (390×844), in English and German. Days of one to three photos stand side by
// side, each heading over its own tiles and readable whole; a day of more
// photos than a row holds keeps rows of its own. `CAIRN_E2E_SCREENSHOTS=<dir>`
// also saves what each size and language looked like.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { waitForVisibleThumbnails } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

/** Photos per day, newest first: three small days, a big one, then two small ones of another year. */
const library: readonly { day: string; photos: number }[] = [
  { day: "2023-07-14", photos: 2 },
  { day: "2023-07-12", photos: 1 },
  { day: "2023-07-09", photos: 2 },
  { day: "2023-06-30", photos: 9 },
  { day: "2022-12-24", photos: 1 },
  { day: "2022-12-23", photos: 1 },
];
const titleOf = (day: string, photo: number) => `${day}-photo-${String(photo + 1)}.jpg`;

let owner: AccountWithLibrary;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "packed-days", "packed days password");
  const album = await owner.client.createCollection({ name: "Summer", type: "album" });
  let seed = 0;
  for (const { day, photos } of library) {
    for (let photo = 0; photo < photos; photo++) {
      // Local times through the day, so every photo stays on its day in any zone offset.
      const takenAt = new Date(`${day}T${String(10 + photo).padStart(2, "0")}:00:00`);
      seed += 1;
      await uploadTestFile(owner.client, album, titleOf(day, photo), await generatedJpeg(seed), {
        creationTimeUs: takenAt.getTime() * 1000,
      });
    }
  }
});

afterAll(async () => {
  await owner.client.close();
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Shown {
  headings: { day: string; box: Box; labelCut: boolean }[];
  tiles: { title: string; box: Box }[];
}

/** What the grid shows now: its headings and its built tiles, with their boxes. */
const shownGrid = (page: Page): Promise<Shown> =>
  page.evaluate(() => {
    const boxOf = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    return {
      headings: Array.from(document.querySelectorAll("[data-testid=gallery-day]")).map(
        (heading) => {
          const label = heading.querySelector("h3");
          return {
            day: heading.getAttribute("data-day") ?? "",
            box: boxOf(heading),
            labelCut: label !== null && label.scrollWidth > label.clientWidth,
          };
        },
      ),
      tiles: Array.from(document.querySelectorAll("[data-testid=gallery-tile]")).map((tile) => ({
        title: tile.getAttribute("aria-label") ?? "",
        box: boxOf(tile),
      })),
    };
  });

/** What is wrong with the days of `library` fully shown in `shown`; adds those days to `checked`. */
function problemsOfShownDays(shown: Shown, checked: Set<string>, at: string): string[] {
  const problems: string[] = [];
  const headingOf = (day: string) => shown.headings.find((heading) => heading.day === day);
  const topOf = (day: string) => Math.round(headingOf(day)?.box.top ?? Number.NaN);
  for (const { day, photos } of library) {
    const heading = headingOf(day);
    const tiles = Array.from({ length: photos }, (_, photo) =>
      shown.tiles.find((shownTile) => shownTile.title === titleOf(day, photo)),
    );
    if (heading === undefined || checked.has(day)) continue;
    if (tiles.some((shownTile) => shownTile === undefined)) continue;
    checked.add(day);
    const boxes = tiles.flatMap((shownTile) => (shownTile === undefined ? [] : [shownTile.box]));
    if (heading.labelCut) problems.push(`${at}: the heading of ${day} is cut off`);
    const leftmost = Math.min(...boxes.map((box) => box.left));
    if (Math.abs(leftmost - heading.box.left) > 1) {
      problems.push(
        `${at}: ${day}'s tiles start at ${String(leftmost)} px, its heading at ${String(heading.box.left)} px`,
      );
    }
    const firstRowTop = Math.min(...boxes.map((box) => box.top));
    if (firstRowTop < heading.box.bottom - 1 || firstRowTop > heading.box.bottom + 8) {
      problems.push(`${at}: ${day}'s tiles are not right below its heading`);
    }
    const alone = shown.headings.filter((other) => Math.round(other.box.top) === topOf(day));
    if (photos > 3 && alone.length !== 1)
      problems.push(`${at}: the day of ${String(photos)} photos shares its row`);
  }
  const apart = (days: string[]) =>
    days.every((day) => headingOf(day) !== undefined) && new Set(days.map(topOf)).size !== 1;
  if (apart(["2023-07-14", "2023-07-12"])) {
    problems.push(`${at}: the 14th and the 12th of July are not in one row`);
  }
  if (apart(["2022-12-24", "2022-12-23"])) {
    problems.push(`${at}: the 24th and the 23rd of December are not in one row`);
  }
  if (at.endsWith("1400 px") && apart(["2023-07-14", "2023-07-12", "2023-07-09"])) {
    problems.push(`${at}: the three small July days are not in one row`);
  }
  return problems;
}

it("puts small days side by side, each heading over its own tiles, in English and German", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), owner.account);
  const problems: string[] = [];
  await forEachLook(page, englishAndGerman, async ({ locale, width, at }) => {
    const checked = new Set<string>();
    // The top of the timeline, then its end (a phone shows it in two screens).
    for (const end of ["top", "bottom"] as const) {
      if (end === "bottom") {
        await page.getByTestId("gallery-scroller").evaluate((scroller) => {
          scroller.scrollTop = scroller.scrollHeight;
        });
      }
      await waitForVisibleThumbnails(page);
      problems.push(...problemsOfShownDays(await shownGrid(page), checked, at));
      if (screenshotDir !== undefined) {
        await page.screenshot({
          path: path.join(screenshotDir, `packed-days-${locale}-${String(width)}-${end}.png`),
        });
      }
    }
    for (const { day } of library) {
      if (!checked.has(day)) problems.push(`${at}: ${day} was never shown whole`);
    }
  });
  expect(problems).toEqual([]);
});

/** The grid's column count. */
const columnsOf = async (page: Page) =>
  Number(await page.getByRole("grid").getAttribute("aria-colcount"));

it("zooms the grid with ctrl+scroll and keeps the level across a reload", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), owner.account);
  await page.setViewportSize({ width: 1400, height: 900 });
  await waitForVisibleThumbnails(page);
  const initial = await columnsOf(page);
  const box = await page.getByTestId("gallery-scroller").boundingBox();
  if (box === null) throw new Error("no grid");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const ctrlWheel = async (deltaY: number) => {
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, deltaY);
    await page.keyboard.up("Control");
  };
  await ctrlWheel(-100);
  await expect.poll(() => columnsOf(page)).toBeLessThan(initial);
  const zoomedIn = await columnsOf(page);
  // The page itself is not zoomed.
  expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
  await page.reload();
  await waitForVisibleThumbnails(page);
  expect(await columnsOf(page)).toBe(zoomedIn);
  await ctrlWheel(100);
  await expect.poll(() => columnsOf(page)).toBe(initial);
  await page.waitForTimeout(400);
  await ctrlWheel(100);
  await expect.poll(() => columnsOf(page)).toBeGreaterThan(initial);
  if (screenshotDir !== undefined) {
    await waitForVisibleThumbnails(page);
    await page.screenshot({ path: path.join(screenshotDir, "zoomed-out-1400.png") });
  }
  await ctrlWheel(-100);
  await expect.poll(() => columnsOf(page)).toBe(initial);
});
