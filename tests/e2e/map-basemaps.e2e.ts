// The map over a basemap the server's admin configured: a PMTiles archive on
// the server's disk (`CAIRN_MAP_PMTILES`), read by the page in byte ranges
// from the server and drawn under the photos, with its attribution, while
// nothing beyond the server is contacted. The enable dialog says the tiles
// come from the user's own server. See: [Note: The map's basemap]

import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tinyPMTiles } from "../../server/test-support/tiny-pmtiles";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { refuseOutsideRequests } from "./test-support/outside-requests";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

/** One tile for the whole world, in a colour no basemap has. */
const tileColour = { r: 255, g: 0, b: 170 };
const archive = path.join(await mkdtemp(path.join(os.tmpdir(), "cairn-pmtiles-")), "world.pmtiles");
writeFileSync(
  archive,
  tinyPMTiles({
    tile: await sharp({ create: { width: 256, height: 256, channels: 3, background: tileColour } })
      .png()
      .toBuffer(),
  }),
);

const { cairn, browser } = useCairnInChromium(() => ({
  mapBasemap: { kind: "pmtiles", file: archive, attribution: "Test tiles ©", maxZoom: undefined },
}));

let owner: AccountWithLibrary;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "tiles");
  const album = await owner.client.createCollection({ name: "Trips", type: "album" });
  await uploadTestFile(owner.client, album, "harbour.jpg", new Uint8Array([1, 2, 3]), {
    latitude: 38.04664,
    longitude: 12.99441,
  });
});

afterAll(async () => {
  await owner.client.close();
});

it("draws the server's PMTiles under the photos, asking only the server", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), owner.account);
  const outside = await refuseOutsideRequests(page.context(), cairn().urls);
  const ranges: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/map/basemap.pmtiles")) ranges.push(response.status());
  });

  await page.goto(`${cairn().urls.photos}/gallery/map`);
  const dialog = page.getByRole("dialog");
  await dialog.waitFor({ timeout: pageCatchUpMs });
  expect(await dialog.textContent()).toContain("The map's tiles come from your Cairn server");
  await dialog.getByRole("button", { name: "Enable" }).click();

  await expect
    .poll(() => page.getByTestId("map-marker").count(), { timeout: pageCatchUpMs })
    .toBe(1);
  expect(await page.locator(".ol-attribution").textContent()).toContain("Test tiles ©");
  // The archive was read in byte ranges, and its tile drawn.
  await expect.poll(() => ranges.length, { timeout: pageCatchUpMs }).toBeGreaterThan(0);
  expect(ranges.every((status) => status === 206)).toBe(true);
  await expect
    .poll(
      () =>
        page.getByTestId("photo-map").evaluate((element, colour) => {
          for (const canvas of element.querySelectorAll("canvas")) {
            const context = canvas.getContext("2d");
            if (context === null) continue;
            const [r = 0, g = 0, b = 0] = context.getImageData(10, 10, 1, 1).data;
            if (Math.abs(r - colour.r) + Math.abs(g - colour.g) + Math.abs(b - colour.b) < 12) {
              return true;
            }
          }
          return false;
        }, tileColour),
      { timeout: pageCatchUpMs },
    )
    .toBe(true);
  expect(outside).toEqual([]);
  await page.context().close();
});
