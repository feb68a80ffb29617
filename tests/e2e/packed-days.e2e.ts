// Small days share a row of the timeline (see [Note: Small days share a row]):
// a library of a few photos a day, on a desktop (1400×900) and a phone
// (390×844), in English and German. Days of one to three photos stand side by
// side, each heading over its own tiles and readable whole; a day of more
// photos than a row holds keeps rows of its own. The month overview lists the
// library's years and months with their counts and covers, and a month chosen
// there puts its first day's header at the top of the grid (see [Note: The
// month overview travels the grid]). `CAIRN_E2E_SCREENSHOTS=<dir>` also saves
// what each size and language looked like.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { waitForVisibleThumbnails } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  keptLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, forEachLook, lookSizes, showLook } from "./test-support/looks";
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
  owner = await signUpWithLibraryClient(cairn(), "packed-days");
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
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
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
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
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

/** What the month overview shows: each year's heading and its months' names and counts. */
const shownOverview = (page: Page) =>
  page.getByTestId("month-overview").evaluate((overview) => {
    const cut = (element: Element | null) =>
      element instanceof HTMLElement && element.scrollWidth > element.clientWidth;
    const right = overview.getBoundingClientRect().right;
    return Array.from(overview.querySelectorAll("[data-testid=overview-year]")).map((year) => ({
      year: year.getAttribute("data-year") ?? "",
      heading: year.querySelector("h3")?.textContent ?? "",
      months: Array.from(year.querySelectorAll("[data-testid=overview-month]")).map((cell) => {
        const box = cell.getBoundingClientRect();
        return {
          month: cell.getAttribute("data-month") ?? "",
          text: [".month-cell__name", ".month-cell__count"]
            .map((part) => cell.querySelector(part)?.textContent ?? "")
            .join(" / "),
          cut:
            cut(cell.querySelector(".month-cell__name")) ||
            cut(cell.querySelector(".month-cell__count")),
          widthPx: box.width,
          outside: box.left < 0 || box.right > right + 0.5,
        };
      }),
    }));
  });

/** The months of `library` as the overview names them, per language. */
const overviewMonths: Record<string, { year: string; heading: string; months: string[] }[]> = {
  "en-US": [
    { year: "2023", heading: "202314 items", months: ["July / 5 items", "June / 9 items"] },
    { year: "2022", heading: "20222 items", months: ["December / 2 items"] },
  ],
  "de-DE": [
    {
      year: "2023",
      heading: "202314 Elemente",
      months: ["Juli / 5 Elemente", "Juni / 9 Elemente"],
    },
    { year: "2022", heading: "20222 Elemente", months: ["Dezember / 2 Elemente"] },
  ],
};

/** Where the grid shows the header row of `day`, in px below the grid's top. */
const headerBelowGridTop = (page: Page, day: string) =>
  page.evaluate((wanted) => {
    const scroller = document.querySelector("[data-testid=gallery-scroller]");
    const heading = document.querySelector(`[data-testid=gallery-day][data-day="${wanted}"]`);
    const headerRow = heading?.closest("[role=row]");
    if (scroller === null || !(headerRow instanceof HTMLElement)) return undefined;
    return headerRow.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  }, day);

/** Waits until every month's cover has loaded (three months: all on screen). */
const waitForOverviewCovers = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(
        document.querySelectorAll<HTMLImageElement>("[data-testid=overview-cover]"),
      ).filter((image) => image.complete && image.naturalWidth > 0).length === 3,
    undefined,
    { timeout: 20_000 },
  );

it("travels the timeline through the month overview, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  // At the biggest tiles the grid is tall enough for an older month to reach the top.
  await page.evaluate(() => {
    localStorage.setItem("galleryZoom", "2");
  });
  const problems: string[] = [];
  await forEachLook(page, englishAndGerman, async ({ locale, width, at }) => {
    await waitForVisibleThumbnails(page);
    await page.getByTestId("overview-open").click();
    const overview = page.getByTestId("month-overview");
    await overview.waitFor();
    await waitForOverviewCovers(page);
    const shown = await shownOverview(page);
    expect
      .soft(
        shown.map(({ year, heading, months }) => ({
          year,
          heading,
          months: months.map((month) => month.text),
        })),
        at,
      )
      .toEqual(overviewMonths[locale]);
    const overviewWidthPx = (await overview.boundingBox())?.width ?? 0;
    for (const month of shown.flatMap((year) => year.months)) {
      if (month.cut) problems.push(`${at}: the name or count of ${month.month} is cut off`);
      if (month.outside) problems.push(`${at}: ${month.month} is outside the overview`);
      // A phone shows three months a row.
      if (
        width < 428 &&
        (month.widthPx > overviewWidthPx / 3 || month.widthPx < overviewWidthPx / 4.5)
      ) {
        problems.push(`${at}: ${month.month} is ${String(month.widthPx)} px wide, not a third`);
      }
    }
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `overview-${locale}-${String(width)}.png`),
      });
    }

    // An older month: the grid shows its first day's header at the top.
    await overview.locator("[data-month='2023-06']").click();
    await overview.waitFor({ state: "detached" });
    await expect.poll(() => headerBelowGridTop(page, "2023-06-30")).toBeCloseTo(0, 0);
    await waitForVisibleThumbnails(page);
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `overview-${locale}-${String(width)}-jumped.png`),
      });
    }

    // Escape goes back to the grid where it was.
    await page.getByTestId("overview-open").click();
    await overview.waitFor();
    await page.keyboard.press("Escape");
    await overview.waitFor({ state: "detached" });
    expect.soft(await headerBelowGridTop(page, "2023-06-30"), at).toBeCloseTo(0, 0);
  });
  expect(problems).toEqual([]);
  if (screenshotDir !== undefined) {
    // The light theme, for the eye.
    await page.evaluate(() => {
      localStorage.setItem("theme", "light");
    });
    for (const { width, height } of lookSizes) {
      await showLook(page, { width, height, locale: "en-US" });
      await page.getByTestId("overview-open").click();
      await waitForOverviewCovers(page);
      await page.screenshot({
        path: path.join(screenshotDir, `overview-light-en-US-${String(width)}.png`),
      });
    }
  }
});

it("opens the month overview on a zoom out past the smallest tiles, and closes it on a zoom in", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), owner.account);
  await page.evaluate(() => {
    localStorage.setItem("galleryZoom", "-3");
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.reload();
  await waitForVisibleThumbnails(page);
  const smallest = await columnsOf(page);
  const box = await page.getByTestId("gallery-scroller").boundingBox();
  if (box === null) throw new Error("no grid");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const ctrlWheel = async (deltaY: number) => {
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, deltaY);
    await page.keyboard.up("Control");
  };
  await ctrlWheel(100);
  const overview = page.getByTestId("month-overview");
  await overview.waitFor();
  expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
  await page.waitForTimeout(400);
  await ctrlWheel(-100);
  await overview.waitFor({ state: "detached" });
  expect(await columnsOf(page)).toBe(smallest);
});
