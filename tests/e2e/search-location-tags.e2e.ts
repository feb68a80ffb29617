// Places the user named in an Ente app, found by the search bar in
// Chromium: a phone of the account (a Node client, as the Ente app would)
// keeps location tags as "location" user entities, end-to-end encrypted;
// typing a tag's name suggests it among the places, before a city that
// matches as well, with the count of photos within it; choosing it shows
// exactly those photos, with the tag's name as the title and the tag in the
// address; once the phone deletes the tag, it is no longer suggested and its
// address finds nothing. The suggestions are looked at on a desktop and a
// phone, in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves them (`location-tags-<locale>-<width>.png`).

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { createUserEntities } from "../../workers/people/user-entities";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import type { NodeAccount } from "../test-support/node-account";
import { waitForUpToDate } from "./test-support/gallery";
import { keptLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let account: NodeAccount;
let client: NodeLibraryClient;
/** The tags' entity IDs, by name. */
const tagIDs = new Map<string, string>();

/** A location tag's JSON as the Ente mobile app writes it (its ellipse's axes included). */
const enteTag = (name: string, latitude: number, longitude: number, radius: number) => {
  const a = radius / Math.cos((latitude * Math.PI) / 180) / 111.16;
  const b = radius / 111.16;
  return { name, radius, aSquare: a * a, bSquare: b * b, centerPoint: { latitude, longitude } };
};

/** The account's phone: its user entities under the account's keys. */
const phone = () =>
  createUserEntities({ api: client.deps.api, keyring: client.deps.keyring, pool: client.pool });

const localNoonUs = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).getTime() * 1000;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "location-tags"));
  const album = await client.createCollection({ name: "Norway", type: "album" });
  const photos = [
    // Within 2 km of home.
    { name: "garden.jpg", latitude: 59.9139, longitude: 10.7522 },
    { name: "kitchen.jpg", latitude: 59.92, longitude: 10.76 },
    // In Oslo, 4 km from home.
    { name: "office.jpg", latitude: 59.93, longitude: 10.8 },
    { name: "tram.jpg", latitude: 38.7139, longitude: -9.1394 },
    { name: "scan.jpg" },
  ];
  for (const [index, photo] of photos.entries()) {
    await uploadTestFile(client, album, photo.name, await generatedJpeg(index + 1), {
      creationTimeUs: localNoonUs(2024, 6, index + 1),
      ...(photo.latitude === undefined
        ? {}
        : { latitude: photo.latitude, longitude: photo.longitude }),
    });
  }
  // The phone makes the account's "location" key with its first tag.
  const entities = phone();
  for (const [name, latitude, longitude, radius] of [
    ["Home", 59.9139, 10.7522, 2],
    ["Oslo office", 59.93, 10.8, 0.5],
  ] as const) {
    const created = await entities.create("location", enteTag(name, latitude, longitude, radius));
    tagIDs.set(name, created.id);
  }
});

afterAll(async () => {
  await client.close();
});

const input = (page: Page) => page.getByTestId("search-input");
/** The suggestions shown: those of the list the field has open. */
const suggestions = (page: Page) =>
  page.locator("[data-testid=search-suggestions]:not([hidden]) [data-testid=search-suggestion]");

const suggestionTexts = (page: Page) =>
  suggestions(page).evaluateAll((options) =>
    options.map((option) => `${option.getAttribute("data-group") ?? ""}: ${option.textContent}`),
  );

const typeSearch = async (page: Page, text: string) => {
  await input(page).fill(text);
  await expect.poll(() => suggestions(page).count(), { timeout: pageCatchUpMs }).toBeGreaterThan(0);
};

const tileTitles = (page: Page) =>
  page
    .getByTestId("gallery-tile")
    .evaluateAll((tiles) => tiles.map((found) => found.getAttribute("aria-label") ?? ""));

it("suggests a place named on the phone and shows exactly the photos within it", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await typeSearch(page, "home");
  await expect.poll(() => suggestionTexts(page)).toEqual(["place: Home2"]);
  await suggestions(page).first().click();
  await expect.poll(() => tileTitles(page)).toEqual(["kitchen.jpg", "garden.jpg"]);
  await expect.poll(() => page.getByTestId("view-title").textContent()).toBe("Home");
  expect(new URL(page.url()).searchParams.get("search")).toBe(`tag:${tagIDs.get("Home") ?? ""}`);

  // The address keeps it over a reload.
  await page.reload();
  await waitForUpToDate(page);
  await expect.poll(() => tileTitles(page)).toEqual(["kitchen.jpg", "garden.jpg"]);
  await expect.poll(() => input(page).inputValue()).toBe("Home");

  // A tag comes before a city that matches as well, whatever their counts.
  await typeSearch(page, "oslo");
  await expect
    .poll(() => suggestionTexts(page))
    .toEqual(["place: Oslo office1", "place: Oslo, Norway3"]);
  await suggestions(page).first().click();
  await expect.poll(() => tileTitles(page)).toEqual(["office.jpg"]);
});

it("fits its suggestions on a desktop and a phone, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await forEachLook(page, englishAndGerman, async (look) => {
    await typeSearch(page, "oslo");
    await expect
      .poll(() => page.locator(".cairn-search__group").allTextContents())
      .toEqual([look.locale === "de-DE" ? "Orte" : "Places"]);
    expect(await suggestionTexts(page), look.at).toEqual([
      "place: Oslo office1",
      look.locale === "de-DE" ? "place: Oslo, Norwegen3" : "place: Oslo, Norway3",
    ]);
    const box = await page.getByTestId("search-suggestions").boundingBox();
    expect(box, look.at).not.toBeNull();
    if (box === null) return;
    expect(box.x, look.at).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, look.at).toBeLessThanOrEqual(look.width);
    expect(box.y + box.height, look.at).toBeLessThanOrEqual(look.height);
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `location-tags-${look.locale}-${String(look.width)}.png`),
      });
    }
    await input(page).press("Escape");
  });
});

it("forgets a tag the phone deleted: no suggestion, and its address finds nothing", async () => {
  await phone().remove(tagIDs.get("Home") ?? "");
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await input(page).fill("home");
  await expect
    .poll(() => page.locator("[data-testid=search-suggestions]:not([hidden])").textContent())
    .toBe("Nothing in your library matches “home”");

  await page.goto(`${cairn().urls.photos}/gallery?search=tag:${tagIDs.get("Home") ?? ""}`);
  await waitForUpToDate(page);
  await page.getByTestId("gallery-empty").waitFor({ timeout: pageCatchUpMs });
  expect(await tileTitles(page)).toEqual([]);
  await expect.poll(() => page.getByTestId("view-title").textContent()).toBe("Search results");
});
