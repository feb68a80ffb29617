// Organizing the library in Chromium: each action done in one browser shows
// at once, survives a reload and reaches a second browser of the same user
// after its sync; a change the server refuses rolls back with the spec's
// message.

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import {
  type TestLibrary,
  buildTestLibrary,
  uploadTestFile,
} from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import type { NodeAccount } from "../test-support/node-account";
import {
  albumCountOf,
  albumEntry,
  expectAlbumCount,
  expectNoAlbum,
  selectTiles,
  selectionAction,
  syncUntil,
  tile,
  unlockHidden,
  waitForUpToDate,
  openAlbum,
} from "./test-support/gallery";
import { openLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const run = promisify(execFile);

let account: NodeAccount;
let client: NodeLibraryClient;
let library: TestLibrary;
/** The user's two browsers, logged in once for the whole file. */
let first: Page;
let second: Page;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "organize"));
  library = await buildTestLibrary(client, { generatedCount: 8 });
  first = await openLoggedInGallery(browser(), cairn(), account);
  second = await openLoggedInGallery(browser(), cairn(), account);
});

afterAll(async () => {
  await client.close();
});

/** Both browsers show `name` with `count` items (the second after a sync). */
const expectEverywhere = async (name: string, count: number) => {
  await expectAlbumCount(first, name, count);
  await syncUntil(second, () => albumCountOf(second, name), count);
};

const confirmInDialog = (page: Page, name: string) =>
  page.getByRole("dialog").getByRole("button", { name, exact: true }).click();

it("favorites, archives, hides, trashes and restores; each change reaches the other browser", async () => {
  const generated = library.generated.name;
  await expectAlbumCount(first, generated, 8);

  await selectTiles(first, ["scan-0.jpg"]);
  await selectionAction(first, "Add to favorites").click();
  await expectEverywhere("Favorites", 1);

  await selectTiles(first, ["scan-1.jpg"]);
  await selectionAction(first, "Archive").click();
  await expectEverywhere("Archive", 1);
  // Archived files leave "All" but stay in their album.
  await tile(first, "scan-1.jpg").waitFor({ state: "detached" });

  await selectTiles(first, ["scan-2.jpg"]);
  await selectionAction(first, "Hide").click();
  await expectEverywhere("Hidden", 4);
  await expectEverywhere(generated, 7);

  await selectTiles(first, ["scan-3.jpg", "scan-4.jpg"]);
  await selectionAction(first, "Move to trash").click();
  await first.getByRole("dialog").getByText("Move 2 files to the trash?").waitFor();
  await confirmInDialog(first, "Move to trash");
  await expectEverywhere("Trash", 3);
  await expectEverywhere(generated, 5);

  // Everything above survives a reload.
  await first.reload();
  await waitForUpToDate(first);
  await expectAlbumCount(first, "Favorites", 1);
  await expectAlbumCount(first, "Archive", 1);
  await expectAlbumCount(first, "Hidden", 4);
  await expectAlbumCount(first, "Trash", 3);

  // The trash says when its files go for good: 30 days from now, on each tile.
  await openAlbum(first, "Trash");
  await first
    .getByTestId("trash-retention")
    .getByText("Files in the trash are deleted for good 30 days after they were moved here.")
    .waitFor();
  await expect
    .poll(() =>
      first
        .getByTestId("tile-trash-days")
        .evaluateAll((badges) => badges.map((badge) => badge.textContent)),
    )
    .toEqual(["30 days", "30 days", "30 days"]);
  expect(await first.getByTestId("tile-trash-days").first().getAttribute("aria-label")).toBe(
    "Deleted for good in 30 days",
  );

  // Restore one file from the trash (back into its album), then delete one for good.
  await selectTiles(first, ["scan-3.jpg"]);
  await selectionAction(first, "Restore").click();
  await expectEverywhere("Trash", 2);
  await expectEverywhere(generated, 6);
  await selectTiles(first, ["scan-4.jpg"]);
  await selectionAction(first, "Delete permanently").click();
  await confirmInDialog(first, "Delete permanently");
  await expectEverywhere("Trash", 1);

  // A file whose album is gone asks where it goes back.
  const pier = await client.createCollection({ name: "Pier", type: "album" });
  const pierPhoto = await uploadTestFile(client, pier, "pier.jpg", await generatedJpeg(71));
  await client.trashFiles([{ fileID: pierPhoto.id, collectionID: pier.id }]);
  await client.deleteCollection(pier.id, { keepFiles: true });
  await syncUntil(first, () => albumCountOf(first, "Trash"), 2);
  await selectTiles(first, ["pier.jpg"]);
  await selectionAction(first, "Restore").click();
  const picker = first.getByRole("dialog", { name: "Restore to album" });
  await picker.getByText("The albums these photos were in are gone.", { exact: false }).waitFor();
  await picker.getByTestId("restore-to-library").click();
  await expectEverywhere("Trash", 1);
  await openAlbum(first, "All");
  await tile(first, "pier.jpg").waitFor({ timeout: pageCatchUpMs });
});

it("makes, fills, renames and deletes albums; a taken name is refused", async () => {
  await openAlbum(first, "All");
  await selectTiles(first, ["scan-5.jpg", "scan-6.jpg"]);
  await selectionAction(first, "Create album").click();
  await first.getByRole("dialog").getByLabel("Album name").fill("Harbour nights");
  await confirmInDialog(first, "Create");
  await expectEverywhere("Harbour nights", 2);

  // Remove one file from the new album.
  await openAlbum(first, "Harbour nights");
  await selectTiles(first, ["scan-6.jpg"]);
  await selectionAction(first, "Remove from album").click();
  await expectEverywhere("Harbour nights", 1);

  // Rename it.
  await first.getByRole("button", { name: "Album options" }).click();
  await first.getByRole("menuitem", { name: "Rename album" }).click();
  await first.getByRole("dialog").getByLabel("Album name").fill("Harbour at night");
  await confirmInDialog(first, "Save");
  await expectEverywhere("Harbour at night", 1);
  await expectNoAlbum(second, "Harbour nights");

  // A second album with a name the user already has is refused.
  await openAlbum(first, "All");
  await selectTiles(first, ["scan-7.jpg"]);
  await selectionAction(first, "Create album").click();
  await first.getByRole("dialog").getByLabel("Album name").fill("Harbour at night");
  await confirmInDialog(first, "Create");
  await first
    .getByRole("dialog")
    .getByText("You already have an album called “Harbour at night”. Choose another name.")
    .waitFor();
  await first.keyboard.press("Escape");

  // Delete the album, keeping its file.
  await openAlbum(first, "Harbour at night");
  await first.getByRole("button", { name: "Album options" }).click();
  await first.getByRole("menuitem", { name: "Delete album" }).click();
  await confirmInDialog(first, "Keep files");
  await expectNoAlbum(first, "Harbour at night");
  await syncUntil(second, () => albumCountOf(second, "Harbour at night"), undefined);
});

it("rolls back a rename the server refuses (the album was deleted on another device)", async () => {
  const doomed = await client.createCollection({ name: "Soon gone", type: "album" });
  await syncUntil(first, () => albumCountOf(first, "Soon gone"), 0);
  await client.deleteCollection(doomed.id, { keepFiles: true });

  // The first browser has not synced since: it still shows the album.
  await openAlbum(first, "Soon gone");
  await first.getByRole("button", { name: "Album options" }).click();
  await first.getByRole("menuitem", { name: "Rename album" }).click();
  await first.getByRole("dialog").getByLabel("Album name").fill("Never renamed");
  await confirmInDialog(first, "Save");
  await first
    .getByText("This item no longer exists. It may have been deleted on another device.")
    .waitFor({ timeout: pageCatchUpMs });
  expect(await albumEntry(first, "Never renamed").count()).toBe(0);
  // Closing the message leaves the rename dialog, which the user cancels.
  const dialogs = first.getByRole("dialog");
  for (let open = await dialogs.count(); open > 0; open = await dialogs.count()) {
    await first.keyboard.press("Escape");
    await expect.poll(() => dialogs.count()).toBeLessThan(open);
  }
});

/** The `src` of the image inside `locator` (a tile or an album cover). */
const imageSource = (locator: ReturnType<Page["locator"]>) =>
  locator.locator("img").first().getAttribute("src");

it("adds and moves files, pins, sorts and covers an album, unhides, fixes a time, zips and empties the trash", async () => {
  const lisbon = library.photos.name;
  const generated = library.generated.name;
  await openAlbum(first, "All");
  await expectAlbumCount(first, lisbon, 7);

  // Add to an album (the file stays where it was).
  await selectTiles(first, ["scan-7.jpg"]);
  await selectionAction(first, "Add to album").click();
  await first.getByRole("dialog").locator("[data-collection-id]", { hasText: lisbon }).click();
  await expectEverywhere(lisbon, 8);

  // Move to an album (the file leaves the album it was in).
  await openAlbum(first, generated);
  await selectTiles(first, ["scan-5.jpg"]);
  await selectionAction(first, "Move to album").click();
  await first.getByRole("dialog").locator("[data-collection-id]", { hasText: lisbon }).click();
  await expectEverywhere(lisbon, 9);
  await tile(first, "scan-5.jpg").waitFor({ state: "detached" });

  // Pin, oldest first, and a cover.
  await openAlbum(first, lisbon);
  await first.getByRole("button", { name: "Album options" }).click();
  await first.getByRole("menuitem", { name: "Pin album" }).click();
  await first.getByRole("button", { name: "Album options" }).click();
  await first.getByRole("menuitemradio", { name: "Oldest first" }).click();
  const firstTileTitle = (page: Page) =>
    page.locator('[data-testid="gallery-tile"][data-index="0"]').getAttribute("aria-label");
  await expect
    .poll(() => firstTileTitle(first), { timeout: pageCatchUpMs })
    .toBe("canon-dslr-holiday.jpg");
  await selectTiles(first, ["door-knocker-holiday.jpg"]);
  await selectionAction(first, "Use as cover").click();
  await expect
    .poll(async () => imageSource(albumEntry(first, lisbon)), { timeout: pageCatchUpMs })
    .toBe(await imageSource(tile(first, "door-knocker-holiday.jpg")));

  await openAlbum(second, lisbon);
  // The second browser shows the album oldest first, with the new cover.
  await syncUntil(
    second,
    async () => {
      const title = await firstTileTitle(second);
      const cover = await imageSource(albumEntry(second, lisbon));
      const door = tile(second, "door-knocker-holiday.jpg");
      const doorImage = (await door.locator("img").count()) > 0 ? await imageSource(door) : null;
      return { title, coverIsDoor: cover !== null && cover === doorImage };
    },
    { title: "canon-dslr-holiday.jpg", coverIsDoor: true },
  );
  await second.getByRole("button", { name: "Album options" }).click();
  await second.getByRole("menuitem", { name: "Unpin album" }).waitFor();
  await second.keyboard.press("Escape");

  // One zip of a selection.
  const downloaded = first.waitForEvent("download");
  await selectTiles(first, ["Bush-dog-holiday.jpg", "noexif-holiday.jpg"]);
  await selectionAction(first, "Download as zip").click();
  expect((await downloaded).suggestedFilename()).toMatch(/\.zip$/);
  // A finished download ends the selection.
  await first.getByTestId("selection-bar").waitFor({ state: "detached" });

  // Fix the time of a photo to a date of the user's choice.
  await selectTiles(first, ["noexif-holiday.jpg"]);
  await selectionAction(first, "Fix time").click();
  await first.getByRole("dialog").getByLabel("A date and time of your choice").check();
  await first
    .getByRole("dialog")
    .getByLabel("Date and time", { exact: true })
    .fill("2021-03-04T10:30");
  await confirmInDialog(first, "Fix time");
  await first
    .locator('[data-testid="gallery-day"][data-day="2021-03-04"]')
    .waitFor({ timeout: pageCatchUpMs });
  const dayShown = (page: Page, day: string) =>
    page.locator(`[data-testid="gallery-day"][data-day="${day}"]`).count();
  await openAlbum(second, "All");
  await syncUntil(second, () => dayShown(second, "2021-03-04"), 1);
  // Still selected, it downloads with the fixed time in its EXIF (spec §5).
  const fixedDownload = first.waitForEvent("download");
  await selectionAction(first, "Download").click();
  const fixedFile = await (await fixedDownload).path();
  const { stdout } = await run("exiftool", ["-s3", "-DateTimeOriginal", fixedFile]);
  expect(stdout.trim()).toBe("2021:03:04 10:30:00");
  await first.getByTestId("selection-bar").waitFor({ state: "detached" });

  // Unhide a hidden file (the hidden section asks the password first).
  await openAlbum(first, "Hidden");
  await unlockHidden(first, account.password);
  await selectTiles(first, ["scan-2.jpg"]);
  await selectionAction(first, "Unhide").click();
  await tile(first, "scan-2.jpg").waitFor({ state: "detached" });
  await first.getByRole("button", { name: "Back to albums" }).click();
  await expectEverywhere("Hidden", 3);

  // Empty the trash.
  await openAlbum(first, "All");
  await openAlbum(first, "Trash");
  await first.getByRole("button", { name: "Empty trash", exact: true }).click();
  await confirmInDialog(first, "Empty trash");
  // The open trash view keeps its (empty) entry; elsewhere an empty trash may go.
  await expectAlbumCount(first, "Trash", 0);
  await syncUntil(second, async () => (await albumCountOf(second, "Trash")) ?? 0, 0);
});
