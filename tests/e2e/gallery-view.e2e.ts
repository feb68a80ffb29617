// The gallery in Chromium over a library made by the Node client (real
// photos from ../shared/fixtures, generated images, a video and a live
// photo, plus files dated today and yesterday): the grid groups them by day,
// newest first, with thumbnails decrypted in workers; the viewer shows
// photos (with their details), videos and live photos; edits made in the
// info panel survive a reload and reach a second browser; the original
// downloads byte for byte.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import {
  type TestLibrary,
  buildTestLibrary,
  fixtureMediaDir,
  uploadTestFile,
} from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import type { NodeAccount } from "../test-support/node-account";
import { logIn } from "./test-support/accounts";
import {
  openInViewer,
  syncByFocus,
  tile,
  waitForUpToDate,
  waitForVisibleThumbnails,
} from "./test-support/gallery";
import { keptLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";
import { closeViewerIfOpen } from "./test-support/viewer";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let library: TestLibrary;

/** µs at local noon `daysAgo` days before today (the browser shares this machine's time zone). */
const localNoonUs = (daysAgo: number): number => {
  const day = new Date();
  day.setHours(12, 0, 0, 0);
  day.setDate(day.getDate() - daysAgo);
  return day.getTime() * 1000;
};

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "gallery"));
  library = await buildTestLibrary(client, { generatedCount: 4, withMedia: true });
  await uploadTestFile(client, library.photos, "today-at-noon.jpg", await generatedJpeg(40), {
    creationTimeUs: localNoonUs(0),
  });
  await uploadTestFile(client, library.photos, "yesterday-at-noon.jpg", await generatedJpeg(41), {
    creationTimeUs: localNoonUs(1),
  });
});

afterAll(async () => {
  await client.close();
});

it("groups the library by day, newest first, with every visible thumbnail decrypted", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await page.setViewportSize({ width: 1280, height: 900 });

  const days = await page
    .getByTestId("gallery-day")
    .evaluateAll((headers) =>
      headers.map((header) => `${header.getAttribute("data-day") ?? ""} ${header.textContent}`),
    );
  expect(days).toHaveLength(3);
  expect(days[0]).toMatch(/Today/);
  expect(days[1]).toMatch(/Yesterday/);
  // The test library's photos were taken on 8 June 2019 (local time).
  expect(days[2]).toMatch(/^2019-06-0[78] .*2019/);

  // The grid fills the window below the nav bar: the page itself does not
  // scroll, and the scrubber's bottom end (the oldest item) is on screen.
  const fit = await page.evaluate(() => ({
    pageHeightPx: document.documentElement.scrollHeight,
    windowHeightPx: window.innerHeight,
    scrubberBottomPx:
      document.querySelector("[data-testid=date-scrubber]")?.getBoundingClientRect().bottom ??
      Infinity,
  }));
  expect(fit.pageHeightPx).toBe(fit.windowHeightPx);
  expect(fit.scrubberBottomPx).toBeLessThanOrEqual(fit.windowHeightPx);
  // Pointing at the scrubber's bottom end names the oldest month beside it,
  // inside the window: the page still does not scroll (a page scrollbar
  // would narrow the grid). See: [Note: The scrubber's label stays inside its track]
  const scrubberBox = await page.getByTestId("date-scrubber").boundingBox();
  if (scrubberBox === null) throw new Error("The date scrubber is not shown");
  await page.mouse.move(
    scrubberBox.x + scrubberBox.width / 2,
    scrubberBox.y + scrubberBox.height - 1,
  );
  const label = page.getByTestId("date-scrubber-label");
  await label.waitFor();
  const pointed = await label.evaluate((element) => ({
    pageHeightPx: document.documentElement.scrollHeight,
    windowHeightPx: window.innerHeight,
    labelBottomPx: element.getBoundingClientRect().bottom,
  }));
  expect(pointed.pageHeightPx).toBe(pointed.windowHeightPx);
  expect(pointed.labelBottomPx).toBeLessThanOrEqual(pointed.windowHeightPx);

  await waitForVisibleThumbnails(page);
  const photo = tile(page, "canon-dslr-holiday.jpg");
  const thumbnailWidth = await photo
    .locator("img")
    .evaluate((image) => (image as HTMLImageElement).naturalWidth);
  expect(thumbnailWidth).toBeGreaterThan(0);
  // The video and the live photo carry their badges.
  await tile(page, "harbour-ferry.mp4").getByRole("img", { name: "Video" }).waitFor();
  await tile(page, "tram-28").getByRole("img", { name: "Live photo" }).waitFor();
});

it("shows photos with their details, videos and live photos in the viewer", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);

  await openInViewer(page, "canon-dslr-holiday.jpg");
  const image = page.getByTestId("viewer-image");
  await page.waitForFunction(
    () =>
      (document.querySelector<HTMLImageElement>("[data-testid=viewer-image]")?.naturalWidth ?? 0) >
      0,
    undefined,
    { timeout: mediaWorkMs },
  );
  expect(await image.isVisible()).toBe(true);
  await page.getByRole("button", { name: "Info", exact: true }).click();
  const info = page.getByTestId("viewer-info");
  await info.waitFor();
  expect(await page.getByTestId("viewer-info-name").textContent()).toContain(
    "canon-dslr-holiday.jpg",
  );
  expect(await page.getByTestId("viewer-info-location").textContent()).toContain("38.71");
  await page.getByTestId("viewer-info-camera").waitFor({ timeout: pageCatchUpMs });
  expect(await page.getByTestId("viewer-info-camera").textContent()).toMatch(/Canon/i);
  expect(await page.getByTestId("viewer-info-size").textContent()).toMatch(/KB|MB|B/);

  // Previous and next with the keyboard (the oldest photo is the last: "15 of 15").
  const counter = async () => (await page.getByTestId("viewer-counter").textContent()) ?? "";
  const before = await counter();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(counter).not.toBe(before);
  await page.keyboard.press("ArrowRight");
  await expect.poll(counter).toBe(before);
  await page.keyboard.press("Escape");
  await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });

  await openInViewer(page, "harbour-ferry.mp4");
  await page.getByTestId("viewer-video").waitFor();
  await page.waitForFunction(
    () =>
      (document.querySelector<HTMLVideoElement>("[data-testid=viewer-video]")?.readyState ?? 0) >=
      1,
    undefined,
    { timeout: mediaWorkMs },
  );
  await page.keyboard.press("Escape");

  await openInViewer(page, "tram-28");
  await page.getByTestId("viewer-image").waitFor({ timeout: mediaWorkMs });
  await page.getByRole("button", { name: "Play live photo" }).click();
  await page.getByTestId("viewer-live-video").waitFor({ state: "attached", timeout: mediaWorkMs });
});

it("edits a caption and a name; the edits survive a reload and reach another browser", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), account);

  await openInViewer(page, "door-knocker-holiday.jpg");
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await page.getByRole("button", { name: "Edit Caption" }).click();
  await page.getByTestId("viewer-info").getByRole("textbox").fill("The lion of the old door");
  await page.getByTestId("viewer-info").getByRole("button", { name: "Save" }).click();
  await expect
    .poll(() => page.getByTestId("viewer-info-caption").textContent(), { timeout: pageCatchUpMs })
    .toContain("The lion of the old door");
  await page.getByRole("button", { name: "Edit File name" }).click();
  await page.getByTestId("viewer-info").getByRole("textbox").fill("lion-door.jpg");
  await page.getByTestId("viewer-info").getByRole("button", { name: "Save" }).click();
  await expect
    .poll(() => page.getByTestId("viewer-info-name").textContent(), { timeout: pageCatchUpMs })
    .toContain("lion-door.jpg");
  await page.keyboard.press("Escape");
  await tile(page, "lion-door.jpg").waitFor({ timeout: pageCatchUpMs });
  await waitForUpToDate(page);

  await page.reload();
  await waitForUpToDate(page);
  // A viewer still open before the reload comes back with it (its photo is in the address).
  await closeViewerIfOpen(page);
  await openInViewer(page, "lion-door.jpg");
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("viewer-info-caption").textContent())
    .toContain("The lion of the old door");

  const other = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const second = await other.newPage();
  await logIn(second, cairn(), account.email, account.password);
  await waitForUpToDate(second);
  await syncByFocus(second);
  await openInViewer(second, "lion-door.jpg");
  await second.getByRole("button", { name: "Info", exact: true }).click();
  await expect
    .poll(() => second.getByTestId("viewer-info-caption").textContent())
    .toContain("The lion of the old door");
  await other.close();
});

it("downloads the original byte for byte", async () => {
  // Playwright's contexts accept downloads unless told otherwise.
  const page = await keptLoggedInGallery(browser(), cairn(), account);
  await openInViewer(page, "Bush-dog-holiday.jpg");
  const downloaded = page.waitForEvent("download");
  await page.getByTestId("viewer-download").click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe("Bush-dog-holiday.jpg");
  const saved = await download.path();
  const original = await readFile(path.join(fixtureMediaDir, "Bush-dog.jpg"));
  expect(Buffer.compare(await readFile(saved), original)).toBe(0);
});
