// People as a person finds them, in Chromium against a real server: the
// face photographs of ../shared/fixtures/faces (four of one man, two of
// another, two with both) uploaded with the app's thumbnails; face indexing
// is off until enabled, and says it runs on the device; the browser's ML
// worker finds the faces and clusters them into the two men; naming them,
// removing a wrongly placed face, hiding and merging reach the server (end
// to end encrypted) and survive a reload; a name is found by the search bar; the
// viewer's info panel names the faces of a photo; a second browser of the
// account shows the same people without running the face models. The
// pages fit a desktop and a phone in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves them (`people-<locale>-<width>.png`).

import path from "node:path";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { appThumbnailOf, fixtureMediaDir } from "../test-support/media-tools";
import type { NodeAccount } from "../test-support/node-account";
import { openInViewer, tile } from "./test-support/gallery";
import {
  keptLoggedInGallery,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, forEachLook, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let account: NodeAccount;
let client: NodeLibraryClient;

const facesDir = path.join(fixtureMediaDir, "../faces");
/** Each photo's file ID, by name. */
const fileIDs = new Map<string, number>();
/** Barack Obama is in six of them, Joe Biden in four. */
const photos = [
  "obama-1.jpg",
  "obama-2.jpg",
  "obama-3.jpg",
  "obama-4.jpg",
  "biden-1.jpg",
  "biden-2.jpg",
  "obama-and-biden.jpg",
  "two-people.jpg",
];

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "people"));
  const album = await client.createCollection({ name: "Speeches", type: "album" });
  for (const name of photos) {
    const photoPath = path.join(facesDir, name);
    const file = await uploadTestFile(
      client,
      album,
      name,
      new Uint8Array(await readFile(photoPath)),
      {
        thumbnail: await appThumbnailOf(photoPath),
      },
    );
    fileIDs.set(name, file.id);
  }
});

afterAll(async () => {
  await client.close();
});

const faceSearchOnServer = async () => {
  const url = new URL("/remote-store", cairn().urls.api);
  url.searchParams.set("key", "faceSearchEnabled");
  url.searchParams.set("defaultValue", "false");
  const response = await fetch(url, { headers: { "X-Auth-Token": account.token } });
  return ((await response.json()) as { value: string }).value;
};

const openPeople = (page: Page) => page.goto(`${cairn().urls.photos}/gallery/people`);

/** The people cards as "name or ?: N photos", in the page's order. */
const cards = async (page: Page) =>
  page.getByTestId("person-card").evaluateAll((found) =>
    found.map((card) => {
      const named = card.getAttribute("data-named") === "true";
      const name = card.querySelector("[data-testid=person-name]")?.textContent ?? "";
      const count = card.querySelector("[data-testid=person-count]")?.textContent ?? "";
      return `${named ? name : "?"}: ${count}`;
    }),
  );

/** Waits for every photo's faces, then for the cards. */
const waitForPeople = async (page: Page, expected: string[]) => {
  await expect
    .poll(() => page.getByTestId("face-indexing-phase").getAttribute("data-phase"), {
      timeout: mediaWorkMs,
      interval: 1000,
    })
    .toBe("done");
  await expect.poll(() => cards(page), { timeout: pageCatchUpMs, interval: 500 }).toEqual(expected);
};

/**
 * The page's `face-crops` cache: its entries, and how many of them hold a
 * JPEG in clear (none should: see [Note: Face crops are cached sealed]).
 */
const faceCropsCache = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open("face-crops");
    const requests = await cache.keys();
    let plainJPEGs = 0;
    for (const request of requests) {
      const body = await (await cache.match(request))?.arrayBuffer();
      const bytes = new Uint8Array(body ?? new ArrayBuffer(0));
      if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) plainJPEGs += 1;
    }
    return { entries: requests.length, plainJPEGs };
  });

/**
 * The face database's version and rows per store (see: [Note: The face
 * database keeps each file's faces and status]), and how many rows hold
 * anything but sealed bytes.
 */
const faceDatabase = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ version: number; rows: Record<string, number>; unsealed: number }>(
        (resolve, reject) => {
          const opening = indexedDB.open("cairn-face");
          opening.onerror = () => {
            reject(new Error("The face database did not open"));
          };
          opening.onsuccess = () => {
            const db = opening.result;
            const names = [...db.objectStoreNames];
            const transaction = db.transaction(names, "readonly");
            const rows: Record<string, number> = {};
            let unsealed = 0;
            for (const name of names) {
              const request = transaction.objectStore(name).getAll();
              request.onsuccess = () => {
                const values = request.result as { sealed?: { encryptedData?: unknown } }[];
                rows[name] = values.length;
                for (const value of values) {
                  if (!(value.sealed?.encryptedData instanceof Uint8Array)) unsealed += 1;
                }
              };
            }
            transaction.oncomplete = () => {
              db.close();
              resolve({ version: db.version, rows, unsealed });
            };
          };
        },
      ),
  );

/** Whether each card's face shows its crop, loaded. */
const cardCropsLoaded = (page: Page) =>
  page
    .locator("[data-testid=person-card] [data-testid=face-crop]")
    .evaluateAll((crops) =>
      crops.map((crop) => (crop.querySelector("img")?.naturalWidth ?? 0) > 0),
    );

/** Opens the person of the card showing `count` and names them. */
const nameCard = async (page: Page, count: string, name: string) => {
  await page.getByTestId("person-card").filter({ hasText: count }).first().click();
  await page.getByTestId("person-header").waitFor({ timeout: pageCatchUpMs });
  await page.getByRole("button", { name: "Person actions" }).click();
  await page.locator("[data-action=name]").click();
  await page.getByTestId("person-name-input").fill(name);
  await page.getByTestId("person-name-save").click();
  await expect
    .poll(() => page.getByTestId("view-title").textContent(), { timeout: pageCatchUpMs })
    .toBe(name);
};

it("finds the two men's faces once face indexing is enabled, and the names reach the server", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await openPeople(page);
  const off = page.getByTestId("people-off");
  await off.waitFor({ timeout: pageCatchUpMs });
  if (screenshotDir !== undefined) {
    await page.screenshot({ path: path.join(screenshotDir, "people-off-en-US-1400.png") });
  }
  expect(await off.textContent()).toContain("on this device");
  expect(await faceSearchOnServer()).toBe("false");

  await page.getByTestId("people-enable").click();
  await expect.poll(faceSearchOnServer, { timeout: pageCatchUpMs }).toBe("true");
  await waitForPeople(page, ["?: 6 photos", "?: 4 photos"]);
  // Each card's face is a crop of its own, cached sealed.
  await expect
    .poll(() => cardCropsLoaded(page), { timeout: pageCatchUpMs, interval: 250 })
    .toEqual([true, true]);
  const cached = await faceCropsCache(page);
  expect(cached.entries).toBeGreaterThanOrEqual(2);
  expect(cached.plainJPEGs).toBe(0);

  await nameCard(page, "6 photos", "Barack");
  await expect
    .poll(() => page.getByTestId("gallery-tile").count(), { timeout: pageCatchUpMs })
    .toBe(6);
  await openPeople(page);
  await nameCard(page, "4 photos", "Joe");
  await expect
    .poll(() => page.getByTestId("gallery-tile").count(), { timeout: pageCatchUpMs })
    .toBe(4);

  // The faces are kept in the face database, sealed: a reload finds them there.
  const stored = await faceDatabase(page);
  // Version 1, which Dexie opens as IndexedDB's 10.
  expect(stored.version).toBe(10);
  expect(stored.rows["face-index"]).toBeGreaterThan(0);
  expect(stored.rows["file-status"]).toBeGreaterThan(0);
  expect(stored.unsealed).toBe(0);
  await page.reload();
  await openPeople(page);
  await waitForPeople(page, ["Barack: 6 photos", "Joe: 4 photos"]);
});

it("finds a person by name in the search bar, and names the faces in the viewer", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await page.getByTestId("search-input").fill("jo");
  const suggestion = page.getByTestId("search-suggestion").and(page.locator("[data-group=person]"));
  await suggestion.waitFor({ timeout: pageCatchUpMs });
  expect(await suggestion.textContent()).toBe("Joe4");
  await suggestion.click();
  await tile(page, "biden-1.jpg").waitFor({ timeout: pageCatchUpMs });
  await expect
    .poll(() => page.getByTestId("gallery-tile").count(), { timeout: pageCatchUpMs })
    .toBe(4);
  // The search is called by the person's name.
  await expect
    .poll(() => page.getByTestId("search-input").inputValue(), { timeout: pageCatchUpMs })
    .toBe("Joe");

  await openInViewer(page, "two-people.jpg");
  await page.getByRole("button", { name: "Info", exact: true }).click();
  const faces = page.getByTestId("viewer-info-people").getByTestId("viewer-face");
  await expect.poll(() => faces.count(), { timeout: pageCatchUpMs }).toBe(2);
  // Left to right: Obama stands on the left of the photo.
  expect(await faces.allTextContents()).toEqual(["Barack", "Joe"]);
  if (screenshotDir !== undefined) {
    await page.screenshot({ path: path.join(screenshotDir, "people-viewer-info-en-US-1400.png") });
  }
});

it("removes a wrongly placed face and hides a person, and a second browser shows the same people", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await openPeople(page);
  await waitForPeople(page, ["Barack: 6 photos", "Joe: 4 photos"]);
  await page.getByTestId("person-card").filter({ hasText: "Joe" }).click();
  await page.getByRole("button", { name: "Person actions" }).click();
  await page.locator("[data-action=review]").click();
  const reviewed = page.getByTestId("person-review-face");
  await expect.poll(() => reviewed.count(), { timeout: pageCatchUpMs }).toBe(4);
  const twoPeople = fileIDs.get("two-people.jpg") ?? 0;
  await reviewed.and(page.locator(`[data-face-id^="${String(twoPeople)}_"]`)).click();
  await page.getByTestId("person-review-remove").click();
  await expect
    .poll(() => page.getByTestId("person-header-count").textContent(), {
      timeout: pageCatchUpMs,
    })
    .toBe("3 photos");
  await expect
    .poll(() => page.getByTestId("gallery-tile").count(), { timeout: pageCatchUpMs })
    .toBe(3);

  await page.getByRole("button", { name: "Person actions" }).click();
  await page.locator("[data-action=hide]").click();
  await page.getByTestId("person-header-hidden").waitFor({ timeout: pageCatchUpMs });

  // Another device: it takes the faces from the server (its models never run) and the names.
  const second = await openLoggedInGallery(browser(), cairn(), account);
  const modelRequests: string[] = [];
  second.on("request", (request) => {
    if (request.url().includes("/assets/ml/faces/")) modelRequests.push(request.url());
  });
  await openPeople(second);
  await waitForPeople(second, ["Barack: 6 photos"]);
  await second.getByTestId("people-hidden-toggle").click();
  expect(await second.getByTestId("people-hidden").getByTestId("person-card").count()).toBe(1);
  expect(await second.getByTestId("people-hidden").textContent()).toContain("3 photos");
  expect(modelRequests).toEqual([]);
  await second.context().close();
});

it("fits the people page and a person's page on a desktop and a phone, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await forEachLook(page, englishAndGerman, async (look) => {
    await openPeople(page);
    await expect
      .poll(async () => (await cards(page)).join(), { timeout: mediaWorkMs, interval: 500 })
      .toMatch(/^Barack: 6 /);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, look.at).toBeLessThanOrEqual(0);
    for (const card of await page.getByTestId("person-card").all()) {
      const box = await card.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= look.width, look.at).toBe(true);
    }
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `people-${look.locale}-${String(look.width)}.png`),
      });
    }
    await page.getByTestId("person-card").first().click();
    const header = page.getByTestId("person-header");
    await header.waitFor({ timeout: pageCatchUpMs });
    const box = await header.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= look.width, look.at).toBe(true);
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `person-${look.locale}-${String(look.width)}.png`),
      });
    }
  });
});

it("merges one person into another, and the merge survives a reload", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await openPeople(page);
  await waitForPeople(page, ["Barack: 6 photos"]);
  await page.getByTestId("people-hidden-toggle").click();
  await page.getByTestId("people-hidden").getByTestId("person-card").click();
  await page.getByTestId("person-header-hidden").waitFor({ timeout: pageCatchUpMs });
  await page.getByRole("button", { name: "Person actions" }).click();
  await page.locator("[data-action=merge]").click();
  await page
    .getByTestId("person-merge-dialog")
    .getByTestId("person-pick")
    .filter({ hasText: "Barack" })
    .click();
  // Joe (his three photos left) went into Barack: two of them show Joe alone.
  await expect
    .poll(() => page.getByTestId("view-title").textContent(), { timeout: pageCatchUpMs })
    .toBe("Barack");
  await expect
    .poll(() => page.getByTestId("person-header-count").textContent(), {
      timeout: pageCatchUpMs,
    })
    .toBe("8 photos");

  await page.reload();
  await openPeople(page);
  await waitForPeople(page, ["Barack: 8 photos"]);
  expect(await page.getByTestId("people-hidden").count()).toBe(0);
});

it("turns face indexing off from the settings after asking, on the server and on this device", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await page.goto(`${cairn().urls.photos}/gallery/settings`);
  const faceSwitch = page.getByTestId("settings-face-indexing");
  await expect.poll(() => faceSwitch.isChecked(), { timeout: pageCatchUpMs }).toBe(true);
  // The server has none of the reference's face models: the built-in ones find the faces.
  const engine = page.getByTestId("face-indexing-engine");
  // The settings page shows no sync state for `forEachLook` to wait on: each look is set here.
  for (const look of lookSizes.flatMap((size) =>
    englishAndGerman.map((locale) => ({
      ...size,
      locale,
      at: `${locale} at ${String(size.width)} px`,
    })),
  )) {
    await page.setViewportSize(look);
    await page.evaluate((chosen) => {
      localStorage.setItem("locale", chosen);
    }, look.locale);
    await page.reload();
    await engine.waitFor({ timeout: pageCatchUpMs });
    const box = await engine.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= look.width, look.at).toBe(true);
    if (look.locale === "en-US") {
      expect(await engine.textContent()).toBe(
        "Faces are found with the face models built into Cairn.",
      );
    }
    if (screenshotDir !== undefined) {
      await engine.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(screenshotDir, `settings-faces-${look.locale}-${String(look.width)}.png`),
      });
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.reload();
  await expect.poll(() => faceSwitch.isChecked(), { timeout: pageCatchUpMs }).toBe(true);
  await faceSwitch.click();
  const dialog = page.getByRole("dialog");
  expect(await dialog.textContent()).toContain("named people stay");
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect.poll(faceSearchOnServer, { timeout: pageCatchUpMs }).toBe("false");
  await expect.poll(() => faceSwitch.isChecked(), { timeout: pageCatchUpMs }).toBe(false);
  // The faces found here are gone: the people page offers face indexing again.
  await openPeople(page);
  await page.getByTestId("people-off").waitFor({ timeout: pageCatchUpMs });
});
