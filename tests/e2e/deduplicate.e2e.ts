// Removing duplicates as a person does, in Chromium against a real server:
// the same photos uploaded into several albums (as from two phones, or
// copied folders), each upload recording its content's hash. The
// settings lead to /deduplicate, which lists each photo's copies with the
// copy to keep marked (the captioned one), says how many copies go and how
// much that frees, and after "Remove duplicates" every album still shows
// its photos while the copies are in the trash. One video frame saved at
// 480p and at 720p is no duplicate (other bytes) but is listed under
// "Similar photos" once on-device indexing has hashed both. The page fits a
// desktop and a phone in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves it (`dedupe-<locale>-<width>.png`,
// `similar-<locale>-<width>.png`).

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection, DecryptedFile } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { FileType } from "../../shared/model/library/file-metadata";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";
import { appThumbnailOf } from "../test-support/media-tools";

const { cairn, browser } = useCairnInChromium();
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;
const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");
const faceFixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/faces");

let owner: AccountWithLibrary;
let page: Page;
const albums: Record<"summer" | "beach" | "garden", DecryptedCollection> = {} as never;
const files: Record<string, DecryptedFile> = {};

const upload = async (
  key: string,
  album: DecryptedCollection,
  title: string,
  fixture: string,
  extra: { caption?: string } = {},
) => {
  const bytes = new Uint8Array(await readFile(path.join(fixtures, fixture)));
  // The upload records the content's hash, as every client's does.
  files[key] = await uploadTestFile(owner.client, album, title, bytes, extra);
};

/** The files the server lists in `album` now. */
const filesOnServer = async (album: DecryptedCollection) => {
  const { entries } = await owner.client.fetchCollectionFiles(album);
  return entries
    .flatMap((entry) => (entry.kind === "file" ? [entry.file.id] : []))
    .sort((a, b) => a - b);
};
const ids = (...keys: string[]) => keys.map((key) => files[key]?.id ?? -1).sort((a, b) => a - b);

const openDeduplicate = async () => {
  await page.goto(`${cairn().urls.photos}/gallery/settings`);
  await page.getByTestId("settings-deduplicate").click();
  await page.waitForURL(/\/deduplicate$/);
};
const groupOf = (title: string) =>
  page
    .getByTestId("dedupe-group")
    .filter({ has: page.locator(".cairn-dedupe__group-title", { hasText: title }) });

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "dedupe");
  albums.summer = await owner.client.createCollection({ name: "Summer", type: "album" });
  albums.beach = await owner.client.createCollection({ name: "Beach", type: "album" });
  albums.garden = await owner.client.createCollection({ name: "Garden", type: "album" });
  // f6t: one copy in Summer, one in Beach.
  await upload("f6tSummer", albums.summer, "f6t.jpg", "f6t.jpg");
  await upload("f6tBeach", albums.beach, "f6t copy.jpg", "f6t.jpg");
  // noexif: twice in Summer, and once in Garden with a caption: that copy stays.
  await upload("noexifSummer", albums.summer, "noexif.jpg", "noexif.jpg");
  await upload("noexifSummer2", albums.summer, "noexif (1).jpg", "noexif.jpg");
  await upload("noexifGarden", albums.garden, "noexif.jpg", "noexif.jpg", {
    caption: "Grandma's garden",
  });
  // A photo with no copy.
  await upload("knocker", albums.summer, "door-knocker.jpg", "door-knocker.jpg");
  // A long video: a large file (10.5 MiB), no duplicate.
  files.drone = await uploadTestFile(
    owner.client,
    albums.beach,
    "drone.mp4",
    new Uint8Array(randomBytes(10.5 * 1024 * 1024)),
    { fileType: FileType.video, durationSec: 95 },
  );
  page = await openLoggedInGallery(browser(), cairn(), owner.account);
});

afterAll(async () => {
  await page.context().close();
  await owner.client.close();
});

it("fits a desktop and a phone, in English and German", async () => {
  await openDeduplicate();
  for (const { width, height } of lookSizes) {
    for (const locale of englishAndGerman) {
      await page.setViewportSize({ width, height });
      await page.evaluate((chosen) => {
        localStorage.setItem("locale", chosen);
      }, locale);
      await page.reload();
      await page.getByTestId("dedupe-group").first().waitFor({ timeout: pageCatchUpMs });
      const at = `${locale} at ${String(width)} px`;
      // Nothing spills sideways; the action is on screen without scrolling.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        at,
      ).toBe(true);
      const remove = await page.getByTestId("dedupe-remove").boundingBox();
      expect(remove, at).not.toBeNull();
      expect((remove?.y ?? height) + (remove?.height ?? 0), at).toBeLessThanOrEqual(height);
      expect((remove?.x ?? width) + (remove?.width ?? 0), at).toBeLessThanOrEqual(width);
      if (screenshotDir !== undefined) {
        await page.locator(".cairn-dedupe__thumbnail img").first().waitFor();
        await page.screenshot({
          path: path.join(screenshotDir, `dedupe-${locale}-${String(width)}.png`),
        });
      }
      // The large files, a tab away, fit too.
      await page.getByTestId("dedupe-tab-large").click();
      await page.getByTestId("large-file").first().waitFor({ timeout: pageCatchUpMs });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        at,
      ).toBe(true);
      const size = await page.locator(".cairn-dedupe__large-size").first().boundingBox();
      expect((size?.x ?? width) + (size?.width ?? 0), at).toBeLessThanOrEqual(width);
      if (screenshotDir !== undefined) {
        await page.screenshot({
          path: path.join(screenshotDir, `large-files-${locale}-${String(width)}.png`),
        });
      }
      await page.getByTestId("dedupe-tab-duplicates").click();
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("locale", "en-US");
  });
  await page.setViewportSize({ width: 1400, height: 900 });
});

it("lists each photo's copies, keeps the captioned one, and removing them keeps every album's photos", async () => {
  await openDeduplicate();
  await expect
    .poll(() => page.getByTestId("dedupe-group").count(), { timeout: pageCatchUpMs })
    .toBe(2);
  const noexif = groupOf("noexif.jpg");
  expect(await noexif.getByTestId("dedupe-copy").count()).toBe(3);
  // The captioned copy is kept, listed first.
  expect(
    await noexif.locator("[data-testid=dedupe-copy][data-kept=true]").getAttribute("data-file-id"),
  ).toBe(String(files.noexifGarden?.id));
  expect(await noexif.getByTestId("dedupe-copy").first().textContent()).toContain("Garden");
  expect(await groupOf("f6t.jpg").getByTestId("dedupe-copy").count()).toBe(2);
  expect(await page.getByTestId("dedupe-summary").textContent()).toContain("3 copies to remove");

  // Leaving a group out, then choosing all again.
  await groupOf("f6t.jpg").getByTestId("dedupe-group-choice").uncheck();
  expect(await page.getByTestId("dedupe-summary").textContent()).toContain("2 copies to remove");
  await page.getByRole("button", { name: "Select all" }).click();
  expect(await page.getByTestId("dedupe-summary").textContent()).toContain("3 copies to remove");

  await page.getByTestId("dedupe-remove").click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain("Remove 3 copies?");
  await dialog.getByRole("button", { name: "Remove duplicates" }).click();
  await page.getByTestId("dedupe-none").waitFor({ timeout: pageCatchUpMs });

  // Every album still has each of its photos, now as the kept copy; the copies are in the trash.
  await expect
    .poll(() => filesOnServer(albums.summer), { timeout: pageCatchUpMs })
    .toEqual(ids("f6tSummer", "noexifGarden", "knocker"));
  expect(await filesOnServer(albums.beach)).toEqual(ids("f6tSummer", "drone"));
  expect(await filesOnServer(albums.garden)).toEqual(ids("noexifGarden"));
  const trash = await owner.client.fetchTrash(
    new Map(Object.values(albums).map((album) => [album.id, album.keyB64])),
  );
  expect(trash.entries.map((entry) => entry.item.file.id).sort((a, b) => a - b)).toEqual(
    ids("f6tBeach", "noexifSummer", "noexifSummer2"),
  );
});

it("lists the large files, largest first, and moves the chosen ones to the trash", async () => {
  await openDeduplicate();
  await page.getByRole("tab", { name: "Large files" }).click();
  expect(new URL(page.url()).searchParams.get("view")).toBe("large");
  const large = page.getByTestId("large-file");
  await large.first().waitFor({ timeout: pageCatchUpMs });
  expect(await large.count()).toBe(1);
  expect(await large.first().textContent()).toContain("drone.mp4");
  expect(await large.first().textContent()).toContain("11 MB");
  expect(await large.first().textContent()).toContain("Beach");
  expect(await page.getByTestId("large-summary").textContent()).toBe("None selected");

  // A reload keeps the list open.
  await page.reload();
  await large.first().waitFor({ timeout: pageCatchUpMs });
  await large.first().getByTestId("large-file-choice").check();
  expect(await page.getByTestId("large-summary").textContent()).toBe("1 selected, 11 MB");
  await page.getByTestId("large-trash").click();
  await page.getByRole("dialog").getByRole("button", { name: "Move to trash" }).click();
  await page.getByTestId("large-none").waitFor({ timeout: pageCatchUpMs });
  await expect
    .poll(() => filesOnServer(albums.beach), { timeout: pageCatchUpMs })
    .not.toContain(files.drone?.id);
});

it("groups one frame at two sizes under Similar photos, apart from the duplicates, and trashes the chosen one", async () => {
  const frames = await owner.client.createCollection({ name: "Frames", type: "album" });
  for (const name of ["obama-video-480p.jpg", "obama-video-720p.jpg"]) {
    const photoPath = path.join(faceFixtures, name);
    files[name] = await uploadTestFile(
      owner.client,
      frames,
      name,
      new Uint8Array(await readFile(photoPath)),
      { thumbnail: await appThumbnailOf(photoPath) },
    );
  }
  const small = String(files["obama-video-480p.jpg"]?.id);
  const large = String(files["obama-video-720p.jpg"]?.id);
  await openDeduplicate();
  // Not exact duplicates: their bytes differ.
  await page.getByTestId("dedupe-none").waitFor({ timeout: pageCatchUpMs });

  await page.getByRole("tab", { name: "Similar photos" }).click();
  expect(new URL(page.url()).searchParams.get("view")).toBe("similar");
  const group = page
    .getByTestId("similar-group")
    .filter({ has: page.locator(`[data-file-id="${small}"]`) });
  // On-device indexing (on by default) hashes the new photos. The page is
  // reloaded to ask again now and then, never so often that a reload cuts
  // the indexing short before it stores its batch (a slow machine's pace).
  let reloadedAtMs = Date.now();
  await expect
    .poll(
      async () => {
        if ((await group.count()) > 0) return true;
        if (Date.now() - reloadedAtMs > 20_000) {
          await page.reload();
          reloadedAtMs = Date.now();
        }
        return false;
      },
      { timeout: mediaWorkMs, interval: 2_000 },
    )
    .toBe(true);
  const photos = group.getByTestId("similar-photo");
  expect(await photos.count()).toBe(2);
  // The larger file first; nothing chosen: similar is not duplicate.
  expect(await photos.first().getAttribute("data-file-id")).toBe(large);
  expect(await page.getByTestId("similar-summary").textContent()).toBe("None selected");
  expect(await page.getByTestId("similar-threshold-value").textContent()).toBe("70%");

  // The strictest setting still holds them: the two sizes hash alike.
  await page.getByTestId("similar-threshold").fill("1");
  expect(await page.getByTestId("similar-threshold-value").textContent()).toBe("100%");
  await page.waitForTimeout(1_000);
  expect(await group.getByTestId("similar-photo").count()).toBe(2);

  if (screenshotDir !== undefined) {
    await page.getByTestId("similar-threshold").fill("0.7");
    for (const { width, height } of lookSizes) {
      for (const locale of englishAndGerman) {
        await page.setViewportSize({ width, height });
        await page.evaluate((chosen) => {
          localStorage.setItem("locale", chosen);
        }, locale);
        await page.reload();
        await group.waitFor({ timeout: pageCatchUpMs });
        await group.locator(".cairn-dedupe__thumbnail img").first().waitFor();
        const at = `${locale} at ${String(width)} px`;
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          at,
        ).toBe(true);
        await page.screenshot({
          path: path.join(screenshotDir, `similar-${locale}-${String(width)}.png`),
        });
      }
    }
    await page.evaluate(() => {
      localStorage.setItem("locale", "en-US");
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.reload();
    await group.waitFor({ timeout: pageCatchUpMs });
  }

  // Choosing the small copy and trashing it, with the trash's confirmation.
  await group.locator(`[data-file-id="${small}"]`).getByTestId("similar-photo-choice").check();
  expect(await page.getByTestId("similar-summary").textContent()).toMatch(/^1 selected, /);
  await page.getByTestId("similar-trash").click();
  await page.getByRole("dialog").getByRole("button", { name: "Move to trash" }).click();
  await expect
    .poll(() => filesOnServer(frames), { timeout: pageCatchUpMs })
    .toEqual([Number(large)]);
  await group.waitFor({ state: "detached", timeout: pageCatchUpMs });
});
