// Refusals in Chromium. On a file another user
// shared with them, the gallery does not offer what only the file's owner
// may do; what it offers but needs ownership turns at once and rolls back
// with the catalogue's message, whether the sync worker refuses it itself or
// the server does. A write from a stale copy of a file (another browser of
// the same user changed it first) is re-read and tried once more: changes to
// different fields both survive, and of two changes to one field the later
// one wins, in both browsers.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection, DecryptedFile } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { expectGalleryOf, logIn } from "./test-support/accounts";
import {
  albumCountOf,
  expectAlbumCount,
  openInViewer,
  selectTiles,
  selectionAction,
  syncUntil,
  tile,
  waitForUpToDate,
  openAlbum,
} from "./test-support/gallery";
import { type AccountWithLibrary, signUpWithLibraryClient } from "./test-support/library";
import { changeShareRoleInDatabase, shareInDatabase } from "./test-support/sharing";
import { holdRequests } from "./test-support/held-requests";
import { useCairnInChromium } from "./test-support/suite";
import { closeViewerIfOpen } from "./test-support/viewer";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

/** Ana owns an album she shares with Ben; Ben has an album of his own. */
let ana: AccountWithLibrary;
let ben: AccountWithLibrary;
let lighthouseAlbum: DecryptedCollection;
let lighthouse: DecryptedFile;
let harbourAlbum: DecryptedCollection;
let harbour: DecryptedFile;
/** Ben's two browsers, logged in once for the whole file. */
let first: Page;
let second: Page;

const notFileOwnerMessage =
  "Only files you own can be changed this way; files shared with you were left as they were.";

beforeAll(async () => {
  const openBrowser = async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await logIn(page, cairn(), ben.account.email, ben.account.password);
    await expectGalleryOf(page, ben.account.email);
    await waitForUpToDate(page);
    return page;
  };
  // Argon2 (sign-ups, browser logins) is most of the time: Ana's account and
  // album are made while Ben's browsers log in.
  const makeAna = async () => {
    ana = await signUpWithLibraryClient(cairn(), "refusals-ana");
    lighthouseAlbum = await ana.client.createCollection({ name: "Lighthouse walk", type: "album" });
    lighthouse = await uploadTestFile(
      ana.client,
      lighthouseAlbum,
      "lighthouse.jpg",
      await generatedJpeg(1),
    );
  };
  const makeBen = async () => {
    ben = await signUpWithLibraryClient(cairn(), "refusals-ben");
    harbourAlbum = await ben.client.createCollection({ name: "Harbour", type: "album" });
    harbour = await uploadTestFile(ben.client, harbourAlbum, "harbour.jpg", await generatedJpeg(2));
    return Promise.all([openBrowser(), openBrowser()]);
  };
  const [, browsers] = await Promise.all([makeAna(), makeBen()]);
  [first, second] = browsers;
  await shareInDatabase(cairn(), {
    collection: lighthouseAlbum,
    owner: ana.account,
    sharee: ben.account,
    role: "COLLABORATOR",
  });
});

afterAll(async () => {
  await ana.client.close();
  await ben.client.close();
});

/** The error dialogs on `page` (the viewer is a dialog too). */
const errorDialogs = (page: Page) => page.getByRole("dialog", { name: "Error", exact: true });

/** Waits for the error dialog saying `message`, and closes it. */
const expectRefusal = async (page: Page, message: string) => {
  const dialog = errorDialogs(page).filter({ hasText: message });
  await dialog.waitFor({ timeout: pageCatchUpMs });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
};

/** The organizing actions the selection bar offers (their keys). */
const offeredSelectionActions = (page: Page) =>
  page
    .getByTestId("selection-bar")
    .locator("[data-action]")
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-action")));

/**
 * Records, from now on, each time the favorite badge of the tile titled
 * `title` appears or goes, however briefly (a rollback may undo it within a
 * frame).
 */
const recordFavoriteBadge = async (page: Page, title: string): Promise<() => Promise<string[]>> => {
  await page.evaluate((title) => {
    const seen: string[] = [];
    const tileOf = () =>
      Array.from(document.querySelectorAll("[data-testid=gallery-tile]")).find(
        (tile) => tile.getAttribute("aria-label") === title,
      );
    let shown = tileOf()?.querySelector("[data-testid=tile-favorite]") != null;
    new MutationObserver(() => {
      const now = tileOf()?.querySelector("[data-testid=tile-favorite]") != null;
      if (now !== shown) seen.push(now ? "shown" : "gone");
      shown = now;
    }).observe(document.body, { subtree: true, childList: true });
    Object.assign(window, { favoriteBadgeSeen: seen });
  }, title);
  return () =>
    page.evaluate(() => (window as unknown as { favoriteBadgeSeen: string[] }).favoriteBadgeSeen);
};

/** The file's public magic metadata as the server holds it (read with Ben's Node client). */
const harbourOnServer = async () => {
  const { entries } = await ben.client.fetchCollectionFiles(harbourAlbum);
  const file = entries.flatMap((entry) =>
    entry.kind === "file" && entry.file.id === harbour.id ? [entry.file] : [],
  )[0];
  return file?.pubMagicMetadata?.data ?? {};
};

const serverCaption = async () => (await harbourOnServer()).caption;

it("offers a sharee only what needs no ownership of another user's file; the rest is refused and rolls back", async () => {
  // Ben's browser shows Ana's album after its sync (it logged in before she shared it).
  await syncUntil(first, () => albumCountOf(first, "Lighthouse walk"), 1);
  await openAlbum(first, "Lighthouse walk");
  await tile(first, "lighthouse.jpg").waitFor();

  // What changes Ana's file is not offered on it: not in the selection bar…
  await selectTiles(first, ["lighthouse.jpg"]);
  const offered = await offeredSelectionActions(first);
  expect(offered).toContain("favorite");
  for (const ownerOnly of ["archive", "hide", "fix-time", "trash", "move-to-album"]) {
    expect(offered).not.toContain(ownerOnly);
  }
  // …and offered ones that need her file to be his are refused with the
  // catalogue's message: favorites, which the worker refuses before showing
  // any change (it knows whose file it is: the badge never appears)…
  const badgeSeen = await recordFavoriteBadge(first, "lighthouse.jpg");
  await selectionAction(first, "Add to favorites").click();
  await expectRefusal(first, notFileOwnerMessage);
  expect(await badgeSeen()).toEqual([]);
  expect(await tile(first, "lighthouse.jpg").getByTestId("tile-favorite").count()).toBe(0);
  expect(await albumCountOf(first, "Favorites")).toBeUndefined();
  // …and one that would take her file out of her album (a refusal keeps the selection).
  await selectionAction(first, "Remove from album").click();
  await expectRefusal(first, notFileOwnerMessage);
  await tile(first, "lighthouse.jpg").waitFor();
  expect(await albumCountOf(first, "Lighthouse walk")).toBe(1);
  await first.getByRole("button", { name: "Clear selection" }).click();

  // The viewer offers no change to her file: no heart, no album, no trash,
  // archive or hide, and an info panel without edit buttons.
  await openInViewer(first, "lighthouse.jpg");
  const toolbar = first.getByTestId("gallery-viewer");
  expect(await first.getByTestId("viewer-favorite").count()).toBe(0);
  for (const ownerOnly of ["Move to trash", "Archive", "Hide", "Add to album"]) {
    expect(await toolbar.getByRole("button", { name: ownerOnly, exact: true }).count()).toBe(0);
  }
  await first.getByRole("button", { name: "Info", exact: true }).click();
  await first.getByTestId("viewer-info-name").getByText("lighthouse.jpg").waitFor();
  expect(
    await first
      .getByTestId("viewer-info")
      .getByRole("button", { name: /^Edit / })
      .count(),
  ).toBe(0);
  await first.keyboard.press("Escape");
  await first.getByTestId("gallery-viewer").waitFor({ state: "detached" });

  // After a reload nothing has changed.
  await first.reload();
  await waitForUpToDate(first);
  await expectAlbumCount(first, "Lighthouse walk", 1);
  expect(await albumCountOf(first, "Favorites")).toBeUndefined();
  await openAlbum(first, "Lighthouse walk");
  await tile(first, "lighthouse.jpg").waitFor();
});

it("rolls back what the server refuses: a file added to an album its owner no longer lets the user add to", async () => {
  // Ana makes Ben a viewer of her album. His browser has not synced since,
  // so it still offers her album as a place for his files.
  await changeShareRoleInDatabase(cairn(), {
    collectionID: lighthouseAlbum.id,
    sharee: ben.account,
    role: "VIEWER",
  });
  await openAlbum(first, "Harbour");
  await selectTiles(first, ["harbour.jpg"]);
  await selectionAction(first, "Add to album").click();
  const request = await holdRequests(first, (url) => url.pathname === "/collections/add-files", {
    times: 1,
  });
  await first
    .getByRole("dialog")
    .locator("[data-collection-id]", { hasText: "Lighthouse walk" })
    .click();

  // Shown at once, while the server has not answered yet…
  await request.arrived;
  await expectAlbumCount(first, "Lighthouse walk", 2);
  request.release();
  // …then the server's 403 rolls it back with the message.
  await expectRefusal(first, notFileOwnerMessage);
  await expectAlbumCount(first, "Lighthouse walk", 1);
  await expectAlbumCount(first, "Harbour", 1);

  // After a reload nothing has changed, and the server holds only Ana's file there.
  await first.reload();
  await waitForUpToDate(first);
  await expectAlbumCount(first, "Lighthouse walk", 1);
  await expectAlbumCount(first, "Harbour", 1);
  const { entries } = await ana.client.fetchCollectionFiles(lighthouseAlbum);
  expect(entries.flatMap((entry) => (entry.kind === "file" ? [entry.file.id] : []))).toEqual([
    lighthouse.id,
  ]);
});

/** Opens `title`'s info panel in the viewer, from the album `album`. */
const openInfo = async (page: Page, album: string, title: string) => {
  await openAlbum(page, album);
  await openInViewer(page, title);
  await page.getByRole("button", { name: "Info", exact: true }).click();
  await page.getByTestId("viewer-info-name").getByText(title).waitFor({ timeout: pageCatchUpMs });
};

/** Edits one field of the open info panel (`field` as the panel labels it). */
const editField = async (page: Page, field: "Caption" | "File name", value: string) => {
  await page.getByRole("button", { name: `Edit ${field}` }).click();
  await page.getByTestId("viewer-info").getByRole("textbox").fill(value);
  await page.getByTestId("viewer-info").getByRole("button", { name: "Save" }).click();
};

const captionShown = (page: Page) => page.getByTestId("viewer-info-caption").textContent();
const nameShown = (page: Page) => page.getByTestId("viewer-info-name").textContent();

it("re-reads a stale file and tries once more: nothing either browser wrote is lost", async () => {
  /** The first browser's writes of public magic metadata (its sync worker's calls). */
  const metadataWrites: string[] = [];
  first.on("request", (request) => {
    if (request.url().includes("/files/public-magic-metadata")) metadataWrites.push(request.url());
  });

  // The second browser captions the file; the server holds the caption.
  await openInfo(second, "Harbour", "harbour.jpg");
  await editField(second, "Caption", "Fog over the pier");
  await expect.poll(serverCaption, { timeout: pageCatchUpMs }).toBe("Fog over the pier");

  // The first browser has not synced since: it shows no caption, and renames the file.
  await openInfo(first, "Harbour", "harbour.jpg");
  expect(await captionShown(first)).toContain("Add a caption");
  await editField(first, "File name", "harbour-at-dusk.jpg");
  // Its stale write was refused, re-read and sent again: it shows both changes…
  await expect
    .poll(() => nameShown(first), { timeout: pageCatchUpMs })
    .toContain("harbour-at-dusk.jpg");
  await expect
    .poll(() => captionShown(first), { timeout: pageCatchUpMs })
    .toContain("Fog over the pier");
  // The page shows the change before the server has answered its write.
  await expect.poll(harbourOnServer).toMatchObject({
    caption: "Fog over the pier",
    editedName: "harbour-at-dusk.jpg",
  });
  expect(metadataWrites).toHaveLength(2);
  // …and says nothing: the person has nothing to do again.
  expect(await errorDialogs(first).count()).toBe(0);
  // The second browser gets the name after its sync and keeps its caption.
  await syncUntil(
    second,
    async () => (await nameShown(second))?.includes("harbour-at-dusk.jpg"),
    true,
  );
  expect(await captionShown(second)).toContain("Fog over the pier");

  // The same field from both: the second browser writes first, the first
  // (stale again) later; the later caption wins everywhere.
  await editField(second, "Caption", "Fog lifting");
  await expect.poll(serverCaption, { timeout: pageCatchUpMs }).toBe("Fog lifting");
  expect(await captionShown(first)).toContain("Fog over the pier");
  await editField(first, "Caption", "Clear night");
  await expect.poll(serverCaption, { timeout: pageCatchUpMs }).toBe("Clear night");
  await expect.poll(() => captionShown(first), { timeout: pageCatchUpMs }).toContain("Clear night");
  expect(metadataWrites).toHaveLength(4);
  expect(await errorDialogs(first).count()).toBe(0);
  await syncUntil(second, async () => (await captionShown(second))?.includes("Clear night"), true);

  // Everything survives a reload, in both browsers.
  for (const page of [first, second]) {
    await page.reload();
    await waitForUpToDate(page);
    // A viewer open before the reload comes back with it (its photo is in the address).
    await closeViewerIfOpen(page);
    await openInfo(page, "Harbour", "harbour-at-dusk.jpg");
    const caption = await captionShown(page);
    expect(caption).toContain("Clear night");
    expect(caption).not.toContain("Fog");
  }
});
