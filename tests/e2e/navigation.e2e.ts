// The gallery's navigation as people use it: Photos, Albums, Sharing and
// Settings each have their own address (a reload and the back button come
// back to them); the albums page lists the library's places and every album,
// sorted and searchable; the sharing page groups albums shared by the user,
// with the user, and by link; the settings page holds the account, the
// language and the trash's retention. On a phone (390 px) the navigation is
// a bottom bar of four places that fits in English and German; favorites,
// archive, hidden and trash are reached from the albums page.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves each page at both sizes.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAlbumLink, shareAlbum } from "../../workers/library/sharing-operations";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { waitForUpToDate } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  keptLoggedInGallery,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, forEachLook } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let ana: AccountWithLibrary;
let ben: AccountWithLibrary;
let lisbon: DecryptedCollection;

beforeAll(async () => {
  ana = await signUpWithLibraryClient(cairn(), "nav-ana");
  ben = await signUpWithLibraryClient(cairn(), "nav-ben");
  const picnic = await ana.client.createCollection({ name: "Picnic", type: "album" });
  lisbon = await ana.client.createCollection({ name: "Lisbon", type: "album" });
  const alps = await ana.client.createCollection({ name: "Alps", type: "album" });
  let seed = 40;
  for (const album of [picnic, lisbon, alps]) {
    seed += 1;
    await uploadTestFile(ana.client, album, `${album.name}.jpg`, await generatedJpeg(seed));
  }
  await shareAlbum(ana.client.deps, picnic, ben.account.email, "VIEWER");
  await createAlbumLink(ana.client.deps, lisbon.id);
}, 120_000);

afterAll(async () => {
  await ana.client.close();
  await ben.client.close();
});

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The place the navigation marks as the open one. */
const currentPlace = (page: Page) =>
  page
    .locator(".cairn-nav [aria-current=page]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-testid")));

const cardNames = (page: Page, within: string) =>
  page
    .getByTestId(within)
    .getByTestId("album-card")
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector(".cairn-album-card__name")?.textContent ?? ""),
    );

/** Every element of the page that is wider than the window or cut inside its box. */
const overflowsOf = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root !== null && root.scrollWidth > root.clientWidth + 1) found.push("page");
    for (const element of document.querySelectorAll(
      ".cairn-nav__label, .cairn-album-page__title, .cairn-settings__heading, .cairn-settings__rows > *",
    )) {
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.className}: ${element.textContent}`);
      }
      const { left, right } = element.getBoundingClientRect();
      if (right > window.innerWidth + 1 || left < -1) {
        found.push(`${element.className} off screen: ${element.textContent}`);
      }
    }
    return found;
  });

it("gives Photos, Albums, Sharing and Settings their own addresses, and the back button follows", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), ana.account);
  expect(await currentPlace(page)).toEqual(["nav-photos"]);

  await page.getByTestId("nav-albums").click();
  await page.getByTestId("albums-page").waitFor();
  expect(pathOf(page)).toBe("/gallery/albums");
  expect(await currentPlace(page)).toEqual(["nav-albums"]);
  await expect
    .poll(() => cardNames(page, "albums-page-albums"), { timeout: pageCatchUpMs })
    .toEqual(expect.arrayContaining(["Alps", "Lisbon", "Picnic"]));
  expect(await page.getByRole("list", { name: "Your library" }).textContent()).toContain("Trash");

  // Searching the names, whatever their case.
  await page.getByRole("searchbox", { name: "Search albums" }).fill("LIS");
  expect(await cardNames(page, "albums-page-albums")).toEqual(["Lisbon"]);
  await page.getByTestId("albums-page-albums").getByText("Lisbon").click();
  await page.waitForURL((url) => url.searchParams.get("collection") === String(lisbon.id));
  await page.getByTestId("view-title").getByText("Lisbon").waitFor();
  expect(await currentPlace(page)).toEqual(["nav-albums"]);

  // Back to the albums page, then to the timeline.
  await page.goBack();
  await page.getByTestId("albums-page").waitFor();
  await page.goBack();
  await page.getByTestId("view-title").getByText("All").waitFor();
  expect(pathOf(page)).toBe("/gallery");

  // The sharing page says how each album is shared; a reload stays on it.
  await page.getByTestId("nav-sharing").click();
  await page.getByTestId("sharing-page").waitFor();
  await expect
    .poll(() => cardNames(page, "shared-by-me"), { timeout: pageCatchUpMs })
    .toEqual(["Picnic"]);
  expect(await page.getByTestId("shared-by-me").textContent()).toContain("With 1 person");
  expect(await cardNames(page, "shared-links")).toEqual(["Lisbon"]);
  expect(await page.getByTestId("shared-with-me").textContent()).toContain(
    "Albums other people share with you appear here.",
  );
  await page.reload();
  await page.getByTestId("sharing-page").waitFor();
  expect(pathOf(page)).toBe("/gallery/sharing");

  // The settings: the account, its storage and the trash's retention; the language.
  await page.getByTestId("nav-settings").click();
  await page.getByTestId("settings-page").waitFor();
  expect(pathOf(page)).toBe("/gallery/settings");
  await page.getByTestId("settings-email").getByText(ana.account.email).waitFor();
  await page.getByTestId("settings-storage").waitFor();
  expect(await page.getByTestId("settings-trash-retention").textContent()).toContain("30 days");
  await page.getByTestId("settings-page").getByLabel("Language").selectOption("de-DE");
  await page.getByTestId("nav-albums").getByText("Alben").waitFor();
  await page.getByTestId("settings-page").getByLabel("Sprache").selectOption("en-US");

  // An address under /gallery that is no page goes to the timeline.
  await page.goto(`${cairn().urls.photos}/gallery/nothing-here`);
  await page.waitForURL((url) => url.pathname === "/gallery");
  await page.getByTestId("view-title").getByText("All").waitFor();
});

it("shows albums shared with the user on their sharing page, with who shared them", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), ben.account);
  await page.getByTestId("nav-sharing").click();
  await expect
    .poll(() => cardNames(page, "shared-with-me"), { timeout: pageCatchUpMs })
    .toEqual(["Picnic"]);
  expect(await page.getByTestId("shared-with-me").textContent()).toContain(
    `Shared by ${ana.account.email}`,
  );
  await page.getByTestId("shared-with-me").getByText("Picnic").click();
  await page.getByTestId("view-title").getByText("Picnic").waitFor();
  expect(await currentPlace(page)).toEqual(["nav-sharing"]);
  await page.context().close();
});

it("fits every page and the navigation on a desktop and a phone, in English and German", async () => {
  const page = await keptLoggedInGallery(browser(), cairn(), ana.account);
  const problems: string[] = [];
  // The timeline last: each look starts with a reload of it.
  const pages = [
    ["/gallery/albums", "albums-page"],
    ["/gallery/sharing", "sharing-page"],
    ["/gallery/settings", "settings-page"],
    ["/gallery", undefined],
  ] as const;
  await forEachLook(page, englishAndGerman, async (look) => {
    for (const [address, pageTestID] of pages) {
      await page.goto(`${cairn().urls.photos}${address}`);
      if (pageTestID === undefined) await waitForUpToDate(page);
      else await page.getByTestId(pageTestID).waitFor();
      if (pageTestID !== "settings-page") {
        await page
          .locator("[data-testid=album-card] img, [data-testid=gallery-tile] img")
          .first()
          .waitFor();
      }
      problems.push(
        ...(await overflowsOf(page)).map((problem) => `${address} ${look.at}: ${problem}`),
      );
      const nav = await page.locator(".cairn-nav").boundingBox();
      if (look.width <= 428) {
        // A bottom bar of four places, each on screen.
        const shown = await page
          .locator(".cairn-nav__link")
          .evaluateAll((links) =>
            links
              .filter((link) => link.getBoundingClientRect().width > 0)
              .map((link) => link.getAttribute("data-testid")),
          );
        expect(shown, look.at).toEqual(["nav-photos", "nav-albums", "nav-sharing", "nav-settings"]);
        expect(nav !== null && nav.y + nav.height, look.at).toBeCloseTo(look.height, 0);
      } else {
        expect(nav?.x, look.at).toBe(0);
      }
      if (screenshotDir !== undefined) {
        const name = address.split("/").pop() ?? "gallery";
        await page.screenshot({
          path: path.join(screenshotDir, `nav-${name}-${look.locale}-${String(look.width)}.png`),
        });
        if (pageTestID === "settings-page") {
          // The settings run below the fold: their library section too.
          await page.getByTestId("settings-trash-retention").scrollIntoViewIfNeeded();
          await page.screenshot({
            path: path.join(
              screenshotDir,
              `nav-settings-library-${look.locale}-${String(look.width)}.png`,
            ),
          });
        }
      }
    }
  });
  expect(problems).toEqual([]);

  // On a phone the albums page leads to the trash.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.goto(`${cairn().urls.photos}/gallery/albums`);
  await page.getByRole("list", { name: "Your library" }).getByText("Trash").click();
  await page.getByTestId("view-title").getByText("Trash").waitFor();
  await page.context().close();
});
