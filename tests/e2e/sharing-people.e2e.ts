// Sharing an album with a person in Chromium:
// two users in their own browsers. Ana shares her album with Ben as a
// collaborator through the sharing dialog (an address without an account
// is refused under the field); Ben is told once and finds it shared by Ana, uploads a photo
// into it and adds one of his own, which Ana then sees; Ana ends the share, and the album
// leaves Ben's library with it. Then Ana shares it again as a viewer: her
// photo is in Ben's timeline only while he chooses so in the settings, and
// Ben leaves the album himself. `CAIRN_E2E_SCREENSHOTS=<dir>` also saves Ana's
// album with Ben's photos marked.

import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import {
  albumCountOf,
  albumEntry,
  expectNoAlbum,
  openInViewer,
  selectTiles,
  selectionAction,
  syncUntil,
  tile,
  waitForUpToDate,
  openAlbum,
} from "./test-support/gallery";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
  titlesInAlbum,
} from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { fixtureFile, pickFiles, resultCount, waitForFinish } from "./test-support/uploads";
import { closeViewer } from "./test-support/viewer";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let ana: AccountWithLibrary;
let ben: AccountWithLibrary;
let picnic: DecryptedCollection;
let anaPage: Page;
let benPage: Page;

beforeAll(async () => {
  const makeAna = async () => {
    ana = await signUpWithLibraryClient(cairn(), "sharing-ana");
    picnic = await ana.client.createCollection({ name: "Picnic", type: "album" });
    await uploadTestFile(ana.client, picnic, "blanket.jpg", await generatedJpeg(11));
    anaPage = await openLoggedInGallery(browser(), cairn(), ana.account);
  };
  const makeBen = async () => {
    ben = await signUpWithLibraryClient(cairn(), "sharing-ben");
    const own = await ben.client.createCollection({ name: "Ben's photos", type: "album" });
    await uploadTestFile(ben.client, own, "kite.jpg", await generatedJpeg(12));
    benPage = await openLoggedInGallery(browser(), cairn(), ben.account);
  };
  await Promise.all([makeAna(), makeBen()]);
});

afterAll(async () => {
  await ana.client.close();
  await ben.client.close();
});

/** The account's uncategorized collection, as another device of theirs finds it. */
const uncategorizedOf = async ({ client }: AccountWithLibrary): Promise<DecryptedCollection> => {
  const found = (await client.fetchCollections()).flatMap((entry) =>
    entry.ok && !entry.collection.isDeleted && entry.collection.type === "uncategorized"
      ? [entry.collection]
      : [],
  );
  const [library] = found;
  if (library === undefined || found.length !== 1) throw new Error("Not one uncategorized");
  return library;
};

const shareDialog = (page: Page) => page.getByTestId("share-dialog");

/** Opens the sharing dialog of the open album. */
const openSharing = async (page: Page) => {
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await shareDialog(page).waitFor();
};

const shareWith = async (page: Page, email: string, role: "Viewer" | "Collaborator") => {
  const dialog = shareDialog(page);
  await dialog.getByLabel("Email address", { exact: true }).fill(email);
  await dialog.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
};

/** The people of the open sharing dialog: email and role. */
const peopleShown = (page: Page) =>
  shareDialog(page)
    .getByTestId("sharing-person")
    .evaluateAll((rows) =>
      rows.map(
        (row) => `${row.getAttribute("data-email") ?? ""}:${row.getAttribute("data-role") ?? ""}`,
      ),
    );

it("shares an album with a collaborator who adds a photo, and ends the share", async () => {
  await openAlbum(anaPage, "Picnic");
  await openSharing(anaPage);

  // An address without an account is refused where it was typed.
  await shareWith(anaPage, "nobody-here@example.org", "Viewer");
  await shareDialog(anaPage)
    .getByText("No account uses this email address", { exact: false })
    .waitFor();
  expect(await peopleShown(anaPage)).toEqual([]);

  await shareWith(anaPage, ben.account.email, "Collaborator");
  await expect
    .poll(() => peopleShown(anaPage), { timeout: pageCatchUpMs })
    .toEqual([`${ben.account.email}:COLLABORATOR`]);
  await anaPage.keyboard.press("Escape");

  // Ben is told once, and opens it from the message.
  await syncUntil(benPage, () => albumCountOf(benPage, "Picnic"), 1);
  const announcement = benPage
    .locator(".cairn-toast")
    .filter({ hasText: `${ana.account.email} shared “Picnic” with you` });
  await announcement.waitFor({ timeout: pageCatchUpMs });
  await announcement.getByRole("button", { name: "Open", exact: true }).click();
  await expect.poll(() => new URL(benPage.url()).search).toBe(`?collection=${String(picnic.id)}`);
  await benPage.reload();
  await benPage.getByTestId("album-shared-by").waitFor();
  await waitForUpToDate(benPage);
  expect(await benPage.locator(".cairn-toast").filter({ hasText: "Picnic" }).count()).toBe(0);
  await benPage
    .getByTestId("album-shared-by")
    .getByText(`Shared by ${ana.account.email}`)
    .waitFor();
  // A collaborator may add: a photo uploaded in the album goes straight into
  // it (and into Ben's own library), without asking where.
  await pickFiles(benPage, [await fixtureFile("noexif.jpg", "image/jpeg")]);
  expect(await benPage.getByTestId("upload-target-dialog").count()).toBe(0);
  await waitForFinish(benPage);
  expect(await resultCount(benPage, "uploaded")).toBe(1);
  await benPage.getByTestId("upload-close").click();
  await tile(benPage, "noexif.jpg").waitFor({ timeout: pageCatchUpMs });
  expect(await titlesInAlbum(ben.client, await uncategorizedOf(ben))).toEqual(["noexif.jpg"]);
  // …and one he already has is added from another album.
  await openAlbum(benPage, "Ben's photos");
  await selectTiles(benPage, ["kite.jpg"]);
  await selectionAction(benPage, "Add to album").click();
  await benPage.getByRole("dialog").locator("[data-collection-id]", { hasText: "Picnic" }).click();
  await syncUntil(anaPage, () => albumCountOf(anaPage, "Picnic"), 3);
  expect(await titlesInAlbum(ana.client, picnic)).toEqual([
    "blanket.jpg",
    "kite.jpg",
    "noexif.jpg",
  ]);
  await openAlbum(anaPage, "Picnic");
  await tile(anaPage, "kite.jpg").waitFor();
  // Ben's photos say who added them, on their tiles and in the viewer; Ana's say nothing.
  expect(
    await tile(anaPage, "kite.jpg").getByTestId("tile-uploader").getAttribute("aria-label"),
  ).toBe(`Added by ${ben.account.email}`);
  expect(await tile(anaPage, "blanket.jpg").getByTestId("tile-uploader").count()).toBe(0);
  if (screenshotDir !== undefined) {
    await anaPage.screenshot({ path: path.join(screenshotDir, "shared-album-added-by.png") });
  }
  await openInViewer(anaPage, "kite.jpg");
  await anaPage.getByRole("button", { name: "Info", exact: true }).click();
  await anaPage
    .getByTestId("viewer-info")
    .getByText(`Added by ${ben.account.email}`, { exact: true })
    .waitFor({ timeout: pageCatchUpMs });
  await closeViewer(anaPage);

  // Ana ends the share: the album leaves Ben's library, with his photo out of it.
  await openSharing(anaPage);
  await shareDialog(anaPage)
    .getByRole("button", { name: `Stop sharing with ${ben.account.email}` })
    .click();
  await expect.poll(() => peopleShown(anaPage), { timeout: pageCatchUpMs }).toEqual([]);
  await anaPage.keyboard.press("Escape");
  await syncUntil(benPage, () => albumEntry(benPage, "Picnic").count(), 0);
  await syncUntil(anaPage, () => albumCountOf(anaPage, "Picnic"), 1);
});

it("lets a viewer leave an album shared with them", async () => {
  await openAlbum(anaPage, "Picnic");
  await openSharing(anaPage);
  await shareWith(anaPage, ben.account.email, "Viewer");
  await expect
    .poll(() => peopleShown(anaPage), { timeout: pageCatchUpMs })
    .toEqual([`${ben.account.email}:VIEWER`]);
  await anaPage.keyboard.press("Escape");

  await syncUntil(benPage, () => albumCountOf(benPage, "Picnic"), 1);
  // Ana's photo stays in her album: Ben's timeline shows it only once he chooses so.
  await benPage.getByTestId("nav-photos").click();
  await tile(benPage, "kite.jpg").waitFor();
  expect(await tile(benPage, "blanket.jpg").count()).toBe(0);
  const showShared = async (shown: boolean) => {
    await benPage.getByTestId("nav-settings").click();
    const sharedSwitch = benPage.getByRole("switch", { name: "Show shared photos in Photos" });
    expect(await sharedSwitch.isChecked()).toBe(!shown);
    await sharedSwitch.setChecked(shown);
    await benPage.getByTestId("nav-photos").click();
  };
  await showShared(true);
  await tile(benPage, "blanket.jpg").waitFor({ timeout: pageCatchUpMs });
  await benPage.reload();
  await tile(benPage, "blanket.jpg").waitFor({ timeout: pageCatchUpMs });
  await showShared(false);
  await tile(benPage, "blanket.jpg").waitFor({ state: "detached", timeout: pageCatchUpMs });
  await tile(benPage, "kite.jpg").waitFor();

  await openAlbum(benPage, "Picnic");
  // A viewer may not add to the album: no upload is offered in it (spec §6).
  await benPage.getByTestId("album-shared-by").waitFor();
  expect(await benPage.getByTestId("upload-button").count()).toBe(0);
  await benPage.getByRole("button", { name: "Leave album", exact: true }).click();
  await benPage.getByRole("dialog").getByRole("button", { name: "Leave album" }).click();
  await expectNoAlbum(benPage, "Picnic");

  await openSharing(anaPage);
  await syncUntil(anaPage, async () => {
    await anaPage.keyboard.press("Escape");
    await openSharing(anaPage);
    return peopleShown(anaPage);
  }, []);
});
