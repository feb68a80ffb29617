// A public album in Chromium: an owner (a Node library
// client) shares albums by link, and visitors without an account open them
// in browser contexts of their own. A link with a password asks for it
// ('Incorrect password' for a wrong one), then shows the album's photos and
// one in the viewer; downloads are offered only when the owner allows them;
// an expired link, a disabled one, an incomplete one and a sixth device of a
// free plan's link each say so.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/database";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import {
  createAlbumLink,
  disableAlbumLink,
  linkWithKey,
  updateAlbumLink,
} from "../../workers/library/sharing-operations";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import {
  selectTiles,
  selectionAction,
  tile,
  waitForVisibleThumbnails,
} from "./test-support/gallery";
import { type AccountWithLibrary, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { waitForDecodedImage } from "./test-support/viewer";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let owner: AccountWithLibrary;
let lisbon: DecryptedCollection;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "link-owner");
  lisbon = await owner.client.createCollection({ name: "Lisbon", type: "album" });
  await uploadTestFile(owner.client, lisbon, "tram.jpg", await generatedJpeg(21));
  await uploadTestFile(owner.client, lisbon, "tiles.jpg", await generatedJpeg(22));
});

afterAll(async () => {
  await owner.client.close();
});

/** The album's link as its owner copies it: the server's URL and the key after `#`. */
const linkOf = async (album: DecryptedCollection): Promise<string> => {
  const created = await createAlbumLink(owner.client.deps, album.id);
  return linkWithKey(created.url, album.keyB64);
};

/** A visitor's browser, opened at `url`. Each user agent is another device of the link. */
const visit = async (visitorBrowser: Browser, url: string, userAgent?: string): Promise<Page> => {
  const context = await visitorBrowser.newContext({
    viewport: { width: 1200, height: 900 },
    ...(userAgent === undefined ? {} : { userAgent }),
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
};

const failureShown = (page: Page) =>
  page.getByTestId("public-album-failure").getAttribute("data-failure");

const albumShown = async (page: Page, name: string) => {
  await page.getByTestId("view-title").getByText(name, { exact: true }).waitFor();
};

it("asks for the password, refuses a wrong one, then shows the album and a photo", async () => {
  const url = await linkOf(lisbon);
  await updateAlbumLink(owner.client.deps, lisbon.id, {
    password: "pastel de nata",
    enableDownload: false,
  });
  const page = await visit(browser(), url);
  const form = page.getByTestId("public-album-password");
  await form.waitFor();
  await form.getByLabel("Password", { exact: true }).fill("croissant");
  await form.getByRole("button", { name: "Open album" }).click();
  await form.getByText("Incorrect password", { exact: true }).waitFor();

  await form.getByLabel("Password", { exact: true }).fill("pastel de nata");
  await form.getByRole("button", { name: "Open album" }).click();
  await albumShown(page, "Lisbon");
  expect(await page.getByTestId("library-item-count").textContent()).toBe("2 items");
  await tile(page, "tram.jpg").waitFor();
  await tile(page, "tiles.jpg").waitFor();
  await waitForVisibleThumbnails(page);

  // Downloads are not allowed: none is offered, not even in the viewer.
  expect(await page.getByTestId("public-album-download-all").count()).toBe(0);
  await tile(page, "tram.jpg").click();
  await page.getByTestId("gallery-viewer").waitFor();
  await waitForDecodedImage(page);
  expect(await page.getByTestId("viewer-download").count()).toBe(0);
  // Nothing that organizes: a visitor has no library.
  expect(await page.getByTestId("viewer-favorite").count()).toBe(0);
  await page.keyboard.press("Escape");
  await page.context().close();
});

it("downloads a photo and the whole album when the owner allows it", async () => {
  const url = await linkOf(lisbon);
  await updateAlbumLink(owner.client.deps, lisbon.id, { password: null, enableDownload: true });
  const page = await visit(browser(), url);
  await albumShown(page, "Lisbon");
  await tile(page, "tram.jpg").waitFor();

  const one = page.waitForEvent("download");
  await selectTiles(page, ["tram.jpg"]);
  await selectionAction(page, "Download").click();
  expect((await one).suggestedFilename()).toBe("tram.jpg");
  await page.getByTestId("selection-bar").waitFor({ state: "detached" });

  const all = page.waitForEvent("download");
  await page.getByTestId("public-album-download-all").click();
  expect((await all).suggestedFilename()).toBe("Lisbon.zip");
  await page.context().close();
});

it("says an expired link, a disabled one and an incomplete one cannot open the album", async () => {
  const porto = await owner.client.createCollection({ name: "Porto", type: "album" });
  await uploadTestFile(owner.client, porto, "bridge.jpg", await generatedJpeg(23));
  const url = await linkOf(porto);

  // The server refuses a past expiry; the link expires as time passes, here at once.
  const database = await openDatabase(cairn().config.database);
  try {
    await database.db
      .updateTable("public_collection_tokens")
      .set({ valid_till_us: (Date.now() - 60_000) * 1000 })
      .where("collection_id", "=", porto.id)
      .execute();
  } finally {
    await database.close();
  }
  const expired = await visit(browser(), url);
  await expect.poll(() => failureShown(expired), { timeout: pageCatchUpMs }).toBe("link-expired");
  await expired.getByText("This link has expired", { exact: true }).waitFor();
  await expired.context().close();

  await disableAlbumLink(owner.client.deps, porto.id);
  const disabled = await visit(browser(), url);
  await expect.poll(() => failureShown(disabled), { timeout: pageCatchUpMs }).toBe("link-expired");
  await disabled.context().close();

  const incomplete = await visit(browser(), url.split("#")[0] ?? url);
  await expect
    .poll(() => failureShown(incomplete), { timeout: pageCatchUpMs })
    .toBe("incomplete-link");
  await incomplete.getByText("Incomplete link", { exact: true }).waitFor();
  await incomplete.context().close();
});

it("admits five devices to a free plan's link and tells the sixth", async () => {
  const braga = await owner.client.createCollection({ name: "Braga", type: "album" });
  await uploadTestFile(owner.client, braga, "church.jpg", await generatedJpeg(24));
  const url = await linkOf(braga);
  const pages: Page[] = [];
  for (let device = 1; device <= 5; device++) {
    const page = await visit(browser(), url, `Visitor device ${String(device)}`);
    await albumShown(page, "Braga");
    pages.push(page);
  }
  // A reload is the same device (it keeps its device token).
  await pages[0]?.reload();
  if (pages[0] !== undefined) await albumShown(pages[0], "Braga");

  const sixth = await visit(browser(), url, "Visitor device 6");
  await expect.poll(() => failureShown(sixth), { timeout: pageCatchUpMs }).toBe("device-limit");
  await sixth.getByText("Too many devices", { exact: true }).waitFor();
  for (const page of [...pages, sixth]) await page.context().close();
});
