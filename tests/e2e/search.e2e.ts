// The search bar in Chromium over a library made by the Node client: files
// with names, captions and dates are found by what a person types, with
// suggestions grouped by kind; a chosen suggestion shows its results in the
// grid, with the search in the address so a reload keeps it; an album
// suggestion opens the album; `/` focuses the field. Looked at on a desktop
// and a phone, in English and German.

import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import type { NodeAccount } from "../test-support/node-account";
import { tile, waitForUpToDate } from "./test-support/gallery";
import { keptLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";
import { closeViewer, infoDetails } from "./test-support/viewer";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;

const localNoonUs = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).getTime() * 1000;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "search"));
  const lisbon = await client.createCollection({ name: "Lisbon with Zoë", type: "album" });
  const other = await client.createCollection({ name: "Garden", type: "album" });
  await uploadTestFile(client, lisbon, "beach-sunset.jpg", await generatedJpeg(1), {
    caption: "Crème brûlée at Praia da Rocha",
    creationTimeUs: localNoonUs(2019, 7, 24),
  });
  await uploadTestFile(client, lisbon, "IMG_0002.jpg", await generatedJpeg(2), {
    creationTimeUs: localNoonUs(2019, 7, 25),
  });
  await uploadTestFile(client, lisbon, "tram.jpg", await generatedJpeg(5), {
    creationTimeUs: localNoonUs(2022, 5, 1),
    latitude: 38.7139,
    longitude: -9.1394,
  });
  await uploadTestFile(client, other, "Screenshot_20201203-101010.png", await generatedJpeg(3), {
    creationTimeUs: localNoonUs(2020, 12, 3),
  });
  await uploadTestFile(client, other, "tulips.jpg", await generatedJpeg(4), {
    creationTimeUs: localNoonUs(2021, 4, 10),
  });
  await uploadTestFile(client, other, "harbour.jpg", await generatedJpeg(6), {
    creationTimeUs: localNoonUs(2023, 3, 15),
    cameraMake: "Canon",
    cameraModel: "Canon EOS 5D Mark II",
  });
});

afterAll(async () => {
  await client.close();
});

/** A screenshot for a person to look at, when `CAIRN_LOOKS_DIR` asks for them. */
const lookedAt = async (page: Page, name: string) => {
  const dir = process.env.CAIRN_LOOKS_DIR;
  if (dir !== undefined) await page.screenshot({ path: `${dir}/search-${name}.png` });
};

const input = (page: Page) => page.getByTestId("search-input");
/** The suggestions shown: those of the list the field has open (an answer to older text stays hidden). */
const suggestions = (page: Page) =>
  page.locator("[data-testid=search-suggestions]:not([hidden]) [data-testid=search-suggestion]");

const typeSearch = async (page: Page, text: string) => {
  await input(page).fill(text);
  await expect.poll(() => suggestions(page).count(), { timeout: pageCatchUpMs }).toBeGreaterThan(0);
};

const suggestionTexts = (page: Page) =>
  suggestions(page).evaluateAll((options) =>
    options.map((option) => `${option.getAttribute("data-group") ?? ""}: ${option.textContent}`),
  );

const tileTitles = (page: Page) =>
  page
    .getByTestId("gallery-tile")
    .evaluateAll((tiles) => tiles.map((found) => found.getAttribute("aria-label") ?? ""));

it("finds files by name and caption, forgiving accents, and keeps the search over a reload", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await typeSearch(page, "creme brulee");
  await expect
    .poll(() => suggestionTexts(page))
    .toEqual(["caption: Captions containing “creme brulee”1"]);
  await input(page).press("Enter");
  await expect
    .poll(() => page.getByTestId("view-title").textContent())
    .toBe("Captions containing “creme brulee”");
  await tile(page, "beach-sunset.jpg").waitFor();
  expect(await tileTitles(page)).toEqual(["beach-sunset.jpg"]);
  expect(new URL(page.url()).searchParams.get("search")).toBe("caption:creme brulee");

  await page.reload();
  await waitForUpToDate(page);
  await tile(page, "beach-sunset.jpg").waitFor();
  expect(await tileTitles(page)).toEqual(["beach-sunset.jpg"]);
  expect(await input(page).inputValue()).toBe("Captions containing “creme brulee”");

  await page.getByTestId("search-clear").click();
  await expect.poll(() => tileTitles(page)).toHaveLength(6);
  expect(new URL(page.url()).searchParams.has("search")).toBe(false);
});

it("finds files by date, by type, and opens albums from their suggestion", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await page.keyboard.press("/");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
    .toBe("search-input");
  await page.keyboard.type("july 2019");
  await expect.poll(() => suggestionTexts(page)).toEqual(["date: July 20192"]);
  await suggestions(page).first().click();
  await expect.poll(() => tileTitles(page)).toEqual(["IMG_0002.jpg", "beach-sunset.jpg"]);

  await typeSearch(page, "screens");
  await expect
    .poll(() => suggestionTexts(page))
    .toEqual(["file-kind: Screenshots1", "name: Names containing “screens”1"]);
  await input(page).press("ArrowDown");
  await input(page).press("Enter");
  await expect.poll(() => tileTitles(page)).toEqual(["Screenshot_20201203-101010.png"]);

  await typeSearch(page, "zoe");
  await expect.poll(() => suggestionTexts(page)).toEqual(["album: Lisbon with Zoë3"]);
  await input(page).press("Enter");
  await expect.poll(() => page.getByTestId("view-title").textContent()).toBe("Lisbon with Zoë");
  expect(new URL(page.url()).searchParams.get("collection")).not.toBeNull();
  expect(new URL(page.url()).searchParams.has("search")).toBe(false);
});

it("finds photos by the camera that took them", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await typeSearch(page, "eos");
  await expect.poll(() => suggestionTexts(page)).toEqual(["camera: Canon EOS 5D Mark II1"]);
  expect(await page.locator(".cairn-search__group").allTextContents()).toEqual(["Cameras"]);
  await lookedAt(page, "camera-suggestion");
  await suggestions(page).first().click();
  await expect.poll(() => tileTitles(page)).toEqual(["harbour.jpg"]);
  expect(new URL(page.url()).searchParams.get("search")).toBe("camera:Canon EOS 5D Mark II");
  await expect
    .poll(() => page.getByTestId("view-title").textContent())
    .toBe("Canon EOS 5D Mark II");
});

it("finds photos by place without any network, and the viewer names the place", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await typeSearch(page, "lisb");
  await expect
    .poll(() => suggestionTexts(page))
    .toEqual(["album: Lisbon with Zoë3", "place: Lisbon, Portugal1"]);
  await suggestions(page).nth(1).click();
  await expect.poll(() => tileTitles(page)).toEqual(["tram.jpg"]);
  expect(new URL(page.url()).searchParams.get("search")).toMatch(/^place:PT\/\d+$/);
  await expect.poll(() => page.getByTestId("view-title").textContent()).toBe("Lisbon, Portugal");
  await tile(page, "tram.jpg").click();
  await page.getByTestId("gallery-viewer").waitFor();
  expect((await infoDetails(page)).location).toContain("Lisbon, Portugal");
  await lookedAt(page, "viewer-place");
  await closeViewer(page);
  await lookedAt(page, "place-results");

  // In German, the country is named in German.
  await page.evaluate(() => {
    localStorage.setItem("locale", "de-DE");
  });
  await page.reload();
  await waitForUpToDate(page);
  await typeSearch(page, "portu");
  await expect.poll(() => suggestionTexts(page)).toEqual(["place: Portugal1"]);
});

it("fits its suggestions on a desktop and a phone, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await forEachLook(page, ["en-US", "de-DE"], async (look) => {
    await typeSearch(page, "20");
    const list = page.getByTestId("search-suggestions");
    const box = await list.boundingBox();
    expect(box, look.at).not.toBeNull();
    if (box === null) return;
    expect(box.x, look.at).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, look.at).toBeLessThanOrEqual(look.width);
    expect(box.y + box.height, look.at).toBeLessThanOrEqual(look.height);
    const field = await input(page).boundingBox();
    expect(field?.width ?? 0, look.at).toBeGreaterThan(200);
    // Whatever the navigation shows (the phone's bottom bar, the sidebar with
    // indexing's progress while photos wait), nothing spills out of it.
    const spilled = await page.locator("nav.cairn-nav").evaluate((nav) => {
      const bounds = nav.getBoundingClientRect();
      return [...nav.querySelectorAll("*")]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) return false;
          return (
            rect.top < bounds.top - 1 ||
            rect.bottom > bounds.bottom + 1 ||
            rect.left < bounds.left - 1 ||
            rect.right > bounds.right + 1
          );
        })
        .map((element) => {
          const text = element.textContent.trim();
          return text === "" ? element.tagName : text;
        });
    });
    expect(spilled, look.at).toEqual([]);
    await lookedAt(page, `${look.locale}-${String(look.width)}`);
    await input(page).press("Escape");
  });
});
