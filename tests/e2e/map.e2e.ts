// The map as a person uses it, in Chromium against a real server, with no
// network beyond it: every request to anywhere else is refused and recorded.
// Photos uploaded with their places (two at one spot in Bohemia, one in
// Sicily, one with no place); the map is off until the enable dialog, which
// says no outside service is contacted; the offline basemap is drawn; the
// markers stand where the photos were taken and open them in the grid; an
// album's map and the viewer's "Show on map" open it too; turning it off
// asks first, and the choice reaches the server. The page fits a desktop and
// a phone in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves it (`map-<locale>-<width>.png`).

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection, DecryptedFile } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, lookSizes } from "./test-support/looks";
import { refuseOutsideRequests } from "./test-support/outside-requests";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium();
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let owner: AccountWithLibrary;
let page: Page;
let trips: DecryptedCollection;
let sicily: DecryptedCollection;
const files: Record<string, DecryptedFile> = {};
/** Requests the page tried to send beyond the test's own server. */
let outside: string[] = [];

// Where IMG_20180725_163423 of the fixtures was taken, and heic-iphone7.heic.
const bohemia = { latitude: 50.29960278, longitude: 14.82029444 };
const palermo = { latitude: 38.04664167, longitude: 12.99441111 };

const mapEnabledOnServer = async () => {
  const url = new URL("/remote-store", cairn().urls.api);
  url.searchParams.set("key", "mapEnabled");
  url.searchParams.set("defaultValue", "false");
  const response = await fetch(url, { headers: { "X-Auth-Token": owner.account.token } });
  return ((await response.json()) as { value: string }).value;
};

const markers = () => page.getByTestId("map-marker");
const markerCounts = async () =>
  (await markers().evaluateAll((buttons) => buttons.map((button) => button.dataset.count))).sort();

/** Clicks the map's canvas where a marker is drawn (the marker list gives its place). */
const clickMarkerOnCanvas = async (count: number) => {
  const marker = markers()
    .and(page.locator(`[data-count="${String(count)}"]`))
    .first();
  const x = Number(await marker.getAttribute("data-x"));
  const y = Number(await marker.getAttribute("data-y"));
  await page.getByTestId("photo-map").click({ position: { x, y } });
};

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "map");
  trips = await owner.client.createCollection({ name: "Trips", type: "album" });
  sicily = await owner.client.createCollection({ name: "Sicily", type: "album" });
  const bytes = (seed: number) => new Uint8Array([seed, 1, 2, 3]);
  files.castle = await uploadTestFile(owner.client, trips, "castle.jpg", bytes(1), bohemia);
  files.gate = await uploadTestFile(owner.client, trips, "gate.jpg", bytes(2), bohemia);
  files.harbour = await uploadTestFile(owner.client, sicily, "harbour.jpg", bytes(3), palermo);
  files.nowhere = await uploadTestFile(owner.client, trips, "nowhere.jpg", bytes(4));
  page = await openLoggedInGallery(browser(), cairn(), owner.account);
  // No network but the test's Cairn: anything else is refused and recorded.
  outside = await refuseOutsideRequests(page.context(), cairn().urls);
});

afterAll(async () => {
  expect(outside).toEqual([]);
  await page.context().close();
  await owner.client.close();
});

it("asks before showing the map, saying that no outside service is contacted", async () => {
  await page.goto(`${cairn().urls.photos}/gallery`);
  await page.getByTestId("albums-bar-map").click();
  await page.waitForURL(/\/gallery\/map$/);
  const dialog = page.getByRole("dialog");
  await dialog.waitFor({ timeout: pageCatchUpMs });
  expect(await dialog.textContent()).toContain("Enable maps?");
  expect(await dialog.textContent()).toContain("no outside service is contacted");
  // Cancel leaves the map for the timeline, and nothing is stored.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/\/gallery$/);
  expect(await mapEnabledOnServer()).toBe("false");

  await page.getByTestId("albums-bar-map").click();
  await page.getByRole("dialog").getByRole("button", { name: "Enable" }).click();
  await page.getByTestId("photo-map").waitFor({ timeout: pageCatchUpMs });
  expect(await mapEnabledOnServer()).toBe("true");
  // Three photos have a place; the one without is left out.
  await expect
    .poll(() => page.getByTestId("map-located-count").textContent(), { timeout: pageCatchUpMs })
    .toBe("3 photos with a location");
});

it("draws the offline basemap and stands each marker where its photos were taken", async () => {
  await page.goto(`${cairn().urls.photos}/gallery/map`);
  const basemap = page.waitForResponse((response) => /countries-50m/.test(response.url()));
  await page.reload();
  expect((await basemap).status()).toBe(200);
  await expect.poll(markerCounts, { timeout: pageCatchUpMs }).toEqual(["1", "2"]);
  // Bohemia is north of Sicily: its marker stands higher on the map.
  const y = async (count: number) =>
    Number(
      await markers()
        .and(page.locator(`[data-count="${String(count)}"]`))
        .getAttribute("data-y"),
    );
  expect(await y(2)).toBeLessThan(await y(1));
  // Land is drawn under the markers, in the theme's land colour. Its tiles
  // are drawn a few per frame: they may come after the markers.
  const landPixels = () =>
    page.getByTestId("photo-map").evaluate((element) => {
      const land = getComputedStyle(element).getPropertyValue("--map-land").trim();
      const [lr = 0, lg = 0, lb = 0] = [1, 3, 5].map((at) => parseInt(land.slice(at, at + 2), 16));
      let count = 0;
      for (const canvas of element.querySelectorAll("canvas")) {
        const context = canvas.getContext("2d");
        if (context === null) continue;
        for (let x = 0; x < canvas.width; x += Math.ceil(canvas.width / 40)) {
          for (let y = 0; y < canvas.height; y += Math.ceil(canvas.height / 40)) {
            const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data;
            if (Math.abs(r - lr) + Math.abs(g - lg) + Math.abs(b - lb) < 8) count += 1;
          }
        }
      }
      return count;
    });
  await expect.poll(landPixels, { timeout: pageCatchUpMs }).toBeGreaterThan(100);
  // Each marker shows its newest photo's thumbnail, not the empty frame.
  const markerCentre = async (count: number) => {
    const marker = markers().and(page.locator(`[data-count="${String(count)}"]`));
    const x = Number(await marker.getAttribute("data-x"));
    const y = Number(await marker.getAttribute("data-y"));
    return page.getByTestId("photo-map").evaluate(
      (element, at) => {
        const placeholder = getComputedStyle(element)
          .getPropertyValue("--map-marker-placeholder")
          .trim();
        const [pr = 0, pg = 0, pb = 0] = [1, 3, 5].map((i) =>
          parseInt(placeholder.slice(i, i + 2), 16),
        );
        const canvases = [...element.querySelectorAll("canvas")];
        const top = canvases[canvases.length - 1];
        const ratio = top === undefined ? 1 : top.width / element.clientWidth;
        const [r = 0, g = 0, b = 0] =
          top?.getContext("2d")?.getImageData(at.x * ratio, at.y * ratio, 1, 1).data ?? [];
        return Math.abs(r - pr) + Math.abs(g - pg) + Math.abs(b - pb) > 24 ? "thumbnail" : "empty";
      },
      { x, y },
    );
  };
  await expect.poll(() => markerCentre(1), { timeout: pageCatchUpMs }).toBe("thumbnail");
  await expect.poll(() => markerCentre(2), { timeout: pageCatchUpMs }).toBe("thumbnail");
  // "Show 3 photos here" opens what the map shows in the grid.
  const showArea = page.getByTestId("map-show-area");
  await expect
    .poll(() => showArea.textContent(), { timeout: pageCatchUpMs })
    .toBe("Show 3 photos here");
  await showArea.click();
  await page.waitForURL(/\/gallery\?search=area/);
  await expect
    .poll(() => page.getByTestId("library-item-count").textContent(), { timeout: pageCatchUpMs })
    .toBe("3 items");
});

it("opens the photos of a spot from its marker on the canvas", async () => {
  await page.goto(`${cairn().urls.photos}/gallery/map`);
  await expect.poll(markerCounts, { timeout: pageCatchUpMs }).toEqual(["1", "2"]);
  // The two photos of one spot never split: their marker opens them.
  await clickMarkerOnCanvas(2);
  await page.waitForURL(/\/gallery\?search=area/);
  await expect
    .poll(() => page.getByTestId("library-item-count").textContent(), { timeout: pageCatchUpMs })
    .toBe("2 items");
  expect(await page.getByTestId("view-title").textContent()).toBe("Photos in this area");
});

it("shows an album's map from its menu, and the viewer's photo from its place", async () => {
  await page.goto(`${cairn().urls.photos}/gallery?collection=${String(sicily.id)}`);
  await page.getByRole("button", { name: "Album options" }).click();
  await page.getByRole("menuitem", { name: "Show on map" }).click();
  await page.waitForURL(new RegExp(`/gallery/map\\?collection=${String(sicily.id)}$`));
  expect(await page.getByTestId("map-title").textContent()).toBe("Sicily");
  await expect
    .poll(() => page.getByTestId("map-located-count").textContent(), { timeout: pageCatchUpMs })
    .toBe("1 photo with a location");
  await expect.poll(markerCounts, { timeout: pageCatchUpMs }).toEqual(["1"]);

  await page.goto(`${cairn().urls.photos}/gallery?file=${String(files.castle?.id)}`);
  await page.getByTestId("gallery-viewer").waitFor({ timeout: pageCatchUpMs });
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await page.getByTestId("viewer-info-map").click();
  await page.waitForURL(/\/gallery\/map\?at=50\.299603%2C14\.820294$/);
  // At the photo's place, close in: Sicily is off the screen.
  await expect.poll(markerCounts, { timeout: pageCatchUpMs }).toEqual(["2"]);
});

it("fits a desktop and a phone, in English and German", async () => {
  await page.goto(`${cairn().urls.photos}/gallery/map`);
  for (const { width, height } of lookSizes) {
    for (const locale of englishAndGerman) {
      await page.setViewportSize({ width, height });
      await page.evaluate((chosen) => {
        localStorage.setItem("locale", chosen);
      }, locale);
      await page.reload();
      await expect.poll(markerCounts, { timeout: pageCatchUpMs }).toEqual(["1", "2"]);
      const at = `${locale} at ${String(width)} px`;
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        at,
      ).toBe(true);
      for (const testID of ["map-show-area", "map-disable", "map-title"]) {
        const box = await page.getByTestId(testID).boundingBox();
        expect(box, `${testID}, ${at}`).not.toBeNull();
        expect((box?.x ?? width) + (box?.width ?? 0), `${testID}, ${at}`).toBeLessThanOrEqual(
          width,
        );
        expect((box?.y ?? height) + (box?.height ?? 0), `${testID}, ${at}`).toBeLessThanOrEqual(
          height,
        );
      }
      // The map fills what is left: most of the screen.
      const map = await page.getByTestId("photo-map").boundingBox();
      expect((map?.height ?? 0) / height, at).toBeGreaterThan(0.5);
      if (screenshotDir !== undefined) {
        await page.waitForTimeout(500);
        await page.screenshot({
          path: path.join(screenshotDir, `map-${locale}-${String(width)}.png`),
        });
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.setViewportSize({ width: 1400, height: 900 });
});

it("turns the map off after asking, on every device", async () => {
  await page.goto(`${cairn().urls.photos}/gallery/map`);
  await page.getByTestId("map-disable").click();
  const dialog = page.getByRole("dialog");
  expect(await dialog.textContent()).toContain("Disable maps?");
  await dialog.getByRole("button", { name: "Disable" }).click();
  await page.waitForURL(/\/gallery$/);
  expect(await mapEnabledOnServer()).toBe("false");
  // The settings say so, and offer it again.
  await page.goto(`${cairn().urls.photos}/gallery/settings`);
  const mapSwitch = page.getByTestId("settings-map");
  await expect.poll(() => mapSwitch.isChecked(), { timeout: pageCatchUpMs }).toBe(false);
  await mapSwitch.click();
  await page.getByRole("dialog").getByRole("button", { name: "Enable" }).click();
  await expect.poll(mapEnabledOnServer, { timeout: pageCatchUpMs }).toBe("true");
});
