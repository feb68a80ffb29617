// The hidden section is locked (see [Note: Hidden is locked]): a file hidden
// from the timeline leaves it, and opening Hidden shows a lock, not the
// file nor the hidden album's name, until the account's password is given
// again (a wrong one is refused). Once open, hidden albums open without a
// question, and going to the timeline and back does not ask again; a reload
// locks it, whichever hidden address it lands on. The internal `.hidden`
// collection and hidden albums never show among the albums. The lock screen
// fits at 1400 and 390 px in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves it.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { overflowsIn } from "./test-support/dialog-fit";
import {
  selectTiles,
  selectionAction,
  tile,
  unlockHidden,
  waitForUpToDate,
  openAlbum,
} from "./test-support/gallery";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";
import { sharedTestPassword } from "../test-support/shared-test-kek";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;
const password = sharedTestPassword;

let owner: AccountWithLibrary;
let page: Page;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "hidden-lock", password);
  const trips = await owner.client.createCollection({ name: "Trips", type: "album" });
  await uploadTestFile(owner.client, trips, "trip.jpg", await generatedJpeg(61));
  await uploadTestFile(owner.client, trips, "beach.jpg", await generatedJpeg(62));
  const diary = await owner.client.createCollection({ name: "Diary", type: "album" });
  await uploadTestFile(owner.client, diary, "diary.jpg", await generatedJpeg(63));
  await owner.client.setCollectionHidden(diary, true);
  page = await openLoggedInGallery(browser(), cairn(), owner.account);
}, 120_000);

afterAll(async () => {
  await owner.client.close();
});

const lockScreen = () => page.getByTestId("hidden-lock");

/** Everything the albums bar and the albums page name. */
const albumNamesShown = async () => {
  const inBar = await page
    .getByTestId("album-entry")
    .evaluateAll((entries) =>
      entries.map((entry) => entry.querySelector("[data-testid=album-name]")?.textContent ?? ""),
    );
  await page.getByTestId("nav-albums").click();
  await page.getByTestId("albums-page").waitFor();
  const onPage = await page
    .getByTestId("album-card")
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector(".cairn-album-card__name")?.textContent ?? ""),
    );
  await page.getByTestId("nav-photos").click();
  return [...inBar, ...onPage];
};

const tryPassword = async (typed: string) => {
  await lockScreen().getByLabel("Password", { exact: true }).fill(typed);
  await lockScreen().getByRole("button", { name: "Unlock", exact: true }).click();
};

it("asks the password before the hidden section shows anything, and again after a reload", async () => {
  // A photo hidden from the timeline leaves it.
  await selectTiles(page, ["trip.jpg"]);
  await selectionAction(page, "Hide").click();
  await tile(page, "trip.jpg").waitFor({ state: "detached", timeout: pageCatchUpMs });
  await waitForUpToDate(page);

  // Neither the hidden album nor the internal `.hidden` collection is an album.
  const names = await albumNamesShown();
  expect(names).not.toContain("Diary");
  expect(names.some((name) => name.includes(".hidden"))).toBe(false);

  // Hidden is locked: no tile, no hidden album's name.
  await openAlbum(page, "Hidden");
  await lockScreen().waitFor();
  expect(await page.getByTestId("gallery-tile").count()).toBe(0);
  expect(await page.getByText("Diary").count()).toBe(0);

  await tryPassword("not my password");
  await lockScreen().getByText("Incorrect password").waitFor({ timeout: pageCatchUpMs });
  expect(await page.getByTestId("gallery-tile").count()).toBe(0);

  await unlockHidden(page, password);
  await tile(page, "trip.jpg").waitFor({ timeout: pageCatchUpMs });
  expect(await lockScreen().count()).toBe(0);
  // Its albums open without a question…
  await openAlbum(page, "Diary");
  await tile(page, "diary.jpg").waitFor();
  const diaryAddress = page.url();
  // …and the timeline and back does not ask again.
  await page.getByRole("button", { name: "Back to albums" }).click();
  await tile(page, "beach.jpg").waitFor();
  await openAlbum(page, "Hidden");
  await tile(page, "trip.jpg").waitFor();
  expect(await lockScreen().count()).toBe(0);

  // A reload locks it, even on a hidden album's own address.
  await page.goto(diaryAddress);
  await lockScreen().waitFor({ timeout: pageCatchUpMs });
  await waitForUpToDate(page);
  expect(await page.getByText("Diary").count()).toBe(0);
  expect(await page.getByTestId("gallery-tile").count()).toBe(0);
  // The way out goes to the timeline.
  await lockScreen().getByRole("button", { name: "Back to albums" }).click();
  await tile(page, "beach.jpg").waitFor();
  expect(new URL(page.url()).search).toBe("");
});

it("fits its lock screen on a desktop and a phone, in English and German", async () => {
  await openAlbum(page, "Hidden");
  await lockScreen().waitFor();
  const misfits: string[] = [];
  await forEachLook(page, englishAndGerman, async ({ locale, width, at }) => {
    const lock = lockScreen();
    await lock.waitFor({ timeout: pageCatchUpMs });
    misfits.push(...(await overflowsIn(lock)).map((problem) => `${at}: ${problem}`));
    const box = await lock.boundingBox();
    if (box === null) throw new Error("The lock screen has no box");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    if (screenshotDir !== undefined) {
      await page.screenshot({
        path: path.join(screenshotDir, `hidden-lock-${locale}-${String(width)}.png`),
      });
    }
  });
  expect(misfits).toEqual([]);
});
