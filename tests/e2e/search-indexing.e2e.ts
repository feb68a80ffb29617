// On-device indexing in Chromium over a library made by the Node client
// (real photos of ../shared/fixtures, a video): the first browser indexes the
// photos in its ML worker (the things detector; this server has no CLIP
// models, and the settings say so), the sidebar and the settings show the
// progress, and the photo of people is found by "People"; a second browser of
// the same account gets every result through sync and computes nothing.

import path from "node:path";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { fixtureMediaDir, uploadTestFile } from "../../workers/sync/test-support/library";
import { FileType } from "../../shared/model/library/file-metadata";
import { generatedJpeg } from "../test-support/media";
import { appThumbnailOf } from "../test-support/media-tools";
import type { NodeAccount } from "../test-support/node-account";
import { tile } from "./test-support/gallery";
import {
  keptLoggedInGallery,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
/** The photos the library holds (the video is not indexed). */
const photoCount = 3;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "indexing"));
  const album = await client.createCollection({ name: "Summer", type: "album" });
  for (const name of ["Bush-dog.jpg", "door-knocker.jpg"]) {
    const photoPath = path.join(fixtureMediaDir, name);
    await uploadTestFile(client, album, name, new Uint8Array(await readFile(photoPath)), {
      thumbnail: await appThumbnailOf(photoPath),
    });
  }
  await uploadTestFile(client, album, "letters.jpg", await generatedJpeg(7));
  await uploadTestFile(client, album, "clip.mp4", await generatedJpeg(8), {
    fileType: FileType.video,
  });
});

afterAll(async () => {
  await client.close();
});

/** Opens the gallery's page from the navigation (no reload: the library's worker keeps what it knows). */
const openFromNavigation = async (page: Page, name: "Photos" | "Settings") => {
  const href = name === "Settings" ? "/gallery/settings" : "/gallery";
  // The one of the sidebar and the phone's bottom bar that is shown.
  await page.locator(`nav a[href="${href}"]:visible`).first().click();
};

/** Waits on the settings page until indexing says every photo is indexed. */
const waitForIndexed = async (page: Page) => {
  await openFromNavigation(page, "Settings");
  const progress = page.getByTestId("indexing-settings");
  await expect
    .poll(() => progress.getAttribute("data-indexed"), { timeout: mediaWorkMs, interval: 500 })
    .toBe(String(photoCount));
  await expect.poll(() => progress.getAttribute("data-pending")).toBe("0");
};

it("indexes the photos in the browser, shows its progress, and finds the people", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await waitForIndexed(page);
  await expect
    .poll(() => page.getByTestId("indexing-settings").textContent())
    .toContain("All 3 photos are indexed");
  // No CLIP models on this server: the settings say what is off and how to turn it on.
  await page.getByTestId("settings-semantic-search").waitFor({ timeout: pageCatchUpMs });
  expect(await page.getByTestId("settings-semantic-search").textContent()).toContain(
    "npm run admin -- models fetch",
  );

  await openFromNavigation(page, "Photos");
  await page.getByTestId("search-input").fill("peop");

  const suggestion = page.getByTestId("search-suggestion").and(page.locator("[data-group=thing]"));
  await suggestion.waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => suggestion.textContent()).toBe("People1");
  // Without CLIP there is no "photos of …" suggestion.
  expect(await page.locator("[data-group=semantic]").count()).toBe(0);
  await suggestion.click();
  await tile(page, "Bush-dog.jpg").waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => page.getByTestId("gallery-tile").count()).toBe(1);
});

it("fits the settings' search section on a desktop and a phone, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await forEachLook(page, englishAndGerman, async (look) => {
    await openFromNavigation(page, "Settings");
    const progress = page.getByTestId("indexing-settings");
    await progress.waitFor({ timeout: pageCatchUpMs });
    const note = page.getByTestId("settings-semantic-search");
    await note.waitFor({ timeout: pageCatchUpMs });
    for (const shown of [progress, note]) {
      const box = await shown.boundingBox();
      expect(box, look.at).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), look.at).toBeLessThanOrEqual(look.width);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, look.at).toBe(false);
    const dir = process.env.CAIRN_LOOKS_DIR;
    if (dir !== undefined) {
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${dir}/indexing-settings-${look.locale}-${String(look.width)}.png`,
      });
    }
    // The next look reloads the gallery.
    await openFromNavigation(page, "Photos");
  });
});

it("gives a second browser every result through sync, computing nothing", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), account);
  const puts: string[] = [];
  page.context().on("request", (request) => {
    if (request.method() === "PUT" && /\/(files\/data|embeddings)$/.test(request.url()))
      puts.push(request.url());
  });
  await waitForIndexed(page);
  expect(puts).toEqual([]);
  await openFromNavigation(page, "Photos");
  await page.getByTestId("search-input").fill("people");
  await page
    .getByTestId("search-suggestion")
    .and(page.locator("[data-group=thing]"))
    .waitFor({ timeout: pageCatchUpMs });
  await page.context().close();
});
