// The photo editor in the viewer, as a person uses it on a real photo: crop
// it to a square, turn it, brighten it and save a copy, which lands beside
// the original in each of its albums with its date, place and caption and
// the expected size; undo and redo; drag the crop's corner; the "confirm
// closing the editor" dialog and the browser's warning on leaving; the
// editor's screen at 1400×900 and 390×844 in English and German (nothing
// clipped); and, last (the original then goes), replacing the original by
// its edited copy. `CAIRN_E2E_SCREENSHOTS=<dir>` saves the screens.

import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection, DecryptedFile } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import type { NodeAccount } from "../test-support/node-account";
import { fixtureMediaDir } from "../test-support/media";
import { overflowsIn } from "./test-support/dialog-fit";
import { openAlbum, openInViewer, tile } from "./test-support/gallery";
import { englishAndGerman, lookSizes, showLook } from "./test-support/looks";
import { keptLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { infoDetails, waitForDecodedImage } from "./test-support/viewer";
import { mediaTestMs, mediaWorkMs, pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

/** A phone photo of 1012×759 px with a date and a place in its EXIF. */
const photoName = "IMG_20180725_163423.jpg";
const photoFixture = "IMG_20180725_163423-tiny.jpg";
const copyName = "IMG_20180725_163423-edited.jpg";
const taken = { creationTimeUs: 1_532_529_263_000_000, latitude: 50.2996, longitude: 14.82029 };
const caption = "The castle from the bridge";

let account: NodeAccount;
let client: NodeLibraryClient;
let trip: DecryptedCollection;
let best: DecryptedCollection;
let original: DecryptedFile;
let photoBytes: Buffer;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "editor"));
  trip = await client.createCollection({ name: "Trip", type: "album" });
  best = await client.createCollection({ name: "Best", type: "album" });
  photoBytes = await readFile(path.join(fixtureMediaDir, photoFixture));
  original = await uploadTestFile(client, trip, photoName, new Uint8Array(photoBytes), {
    ...taken,
    caption,
  });
  await client.addFiles(best, [{ id: original.id, keyB64: original.keyB64 }]);
});

afterAll(async () => {
  await client.close();
});

const gallery = () => keptLoggedInGallery(browser(), cairn(), account);

/** The files of `album` on the server (as another device reads them), live ones only. */
const filesIn = async (album: DecryptedCollection): Promise<DecryptedFile[]> => {
  const { entries } = await client.fetchCollectionFiles(album);
  const live = new Map<number, DecryptedFile>();
  for (const entry of entries) {
    if (entry.kind === "file") live.set(entry.file.id, entry.file);
    else live.delete(entry.id);
  }
  return [...live.values()];
};

/** The width, height and mean brightness (0–255) of an image's pixels, decoded by the page. */
const imageFacts = (page: Page, bytes: Uint8Array) =>
  page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const blob = new Blob([bytes], { type: "image/jpeg" });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("no 2D canvas");
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let sum = 0;
    for (let index = 0; index < data.length; index += 4) {
      sum +=
        0.2126 * (data[index] ?? 0) +
        0.7152 * (data[index + 1] ?? 0) +
        0.0722 * (data[index + 2] ?? 0);
    }
    return { widthPx: bitmap.width, heightPx: bitmap.height, meanLuma: sum / (data.length / 4) };
  }, Buffer.from(bytes).toString("base64"));

/** Waits until the editor's worker has opened the photo and drawn it once. */
const editorShowsPhoto = (page: Page) =>
  page
    .getByTestId("photo-editor")
    .and(page.locator("[data-preview-shown=true]"))
    .waitFor({ timeout: mediaWorkMs });

/** Opens the editor on the photo titled `title` in the album `albumName`; resolves once it can be edited. */
const openEditor = async (page: Page, albumName: string, title: string) => {
  await openAlbum(page, albumName);
  await tile(page, title).first().waitFor({ timeout: pageCatchUpMs });
  await openInViewer(page, title);
  await waitForDecodedImage(page);
  await page.getByTestId("viewer-edit").click();
  const editor = page.getByTestId("photo-editor");
  await editor.waitFor();
  await editorShowsPhoto(page);
  return editor;
};

/** Whether leaving the page now would make the browser ask first (a `beforeunload` cancelled). */
const leavingIsWarned = (page: Page) =>
  page.evaluate(() => {
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    return leaving.defaultPrevented;
  });

const closeViewer = async (page: Page) => {
  await page.getByTestId("viewer-close").click();
  await page.getByTestId("gallery-viewer").waitFor({ state: "detached" });
};

it(
  "saves a square, turned, brighter copy beside the original, in each of its albums, with its date and place",
  async () => {
    const page = await gallery();
    const before = await (async () => {
      await openAlbum(page, "Trip");
      await openInViewer(page, photoName);
      return infoDetails(page);
    })();
    await page.getByTestId("viewer-close").click();

    const editor = await openEditor(page, "Trip", photoName);
    await page.getByTestId("editor-aspect-1:1").click();
    await page.getByTestId("editor-rotate-right").click();
    await page.getByTestId("editor-tab-adjust").click();
    await page.getByTestId("editor-adjust-brightness").fill("40");
    expect(await editor.getAttribute("data-changed")).toBe("true");
    await page.getByTestId("editor-save").click();

    await page
      .getByRole("status")
      .filter({ hasText: `Saved a copy: ${copyName}` })
      .waitFor({ timeout: mediaWorkMs });
    await editor.waitFor({ state: "detached" });
    // The viewer moves to the copy, which shows the original's date and place.
    await expect
      .poll(
        () => page.getByTestId("gallery-viewer").locator(".gallery-viewer__title").textContent(),
        {
          timeout: pageCatchUpMs,
        },
      )
      .toBe(copyName);
    const after = await infoDetails(page);
    expect(after.date).toBe(before.date);
    expect(after.location).toBe(before.location);
    expect(after.name).toBe(copyName);
    await closeViewer(page);

    // On the server, as another device sees it: the copy in both albums, the original kept.
    const [tripCopy] = (await filesIn(trip)).filter((file) => file.metadata.title === copyName);
    const bestTitles = (await filesIn(best)).map((file) => file.metadata.title).sort();
    expect(bestTitles).toEqual([copyName, photoName].sort());
    if (tripCopy === undefined) throw new Error("The copy is not in Trip");
    expect((await filesIn(trip)).some((file) => file.id === original.id)).toBe(true);
    expect(tripCopy.metadata.creationTime).toBe(taken.creationTimeUs);
    expect(tripCopy.metadata.latitude).toBeCloseTo(taken.latitude, 5);
    expect(tripCopy.metadata.longitude).toBeCloseTo(taken.longitude, 5);
    expect(tripCopy.pubMagicMetadata?.data.editedTime).toBe(taken.creationTimeUs);
    expect(tripCopy.pubMagicMetadata?.data.caption).toBe(caption);

    // Its pixels: 759 × 759 (the largest square of 1012 × 759), brighter than the original.
    const copy = await imageFacts(page, await client.downloadFile(tripCopy));
    const source = await imageFacts(page, new Uint8Array(photoBytes));
    expect([copy.widthPx, copy.heightPx]).toEqual([759, 759]);
    expect(copy.meanLuma).toBeGreaterThan(source.meanLuma + 20);
  },
  mediaTestMs,
);

it(
  "applies a photo's EXIF orientation to its copy",
  async () => {
    // 80 × 48 pixels stored, EXIF "Rotate 90 CW": shown 48 × 80.
    const turnedName = "f6t.jpg";
    const turnedBytes = await readFile(path.join(fixtureMediaDir, turnedName));
    await uploadTestFile(client, trip, turnedName, new Uint8Array(turnedBytes));
    const page = await gallery();
    const editor = await openEditor(page, "Trip", turnedName);
    await page.getByTestId("editor-tab-adjust").click();
    await page.getByTestId("editor-adjust-contrast").fill("25");
    await page.getByTestId("editor-save").click();
    await editor.waitFor({ state: "detached", timeout: mediaWorkMs });
    await closeViewer(page);
    const [copy] = (await filesIn(trip)).filter((file) => file.metadata.title === "f6t-edited.jpg");
    if (copy === undefined) throw new Error("The copy is not in Trip");
    const facts = await imageFacts(page, await client.downloadFile(copy));
    expect([facts.widthPx, facts.heightPx]).toEqual([48, 80]);
  },
  mediaTestMs,
);

it(
  "undoes and redoes, drags the crop's corner, and asks before closing with changes",
  async () => {
    const page = await gallery();
    const editor = await openEditor(page, "Trip", photoName);

    // Nothing changed: Escape closes at once.
    await editor.press("Escape");
    await editor.waitFor({ state: "detached" });
    await page.getByTestId("viewer-edit").click();
    await editorShowsPhoto(page);

    // The south-east corner dragged up and left: the crop shrinks; undo puts it back.
    const box = page.getByTestId("editor-crop-box");
    const whole = await box.boundingBox();
    const corner = await page.getByTestId("editor-crop-handle-se").boundingBox();
    if (whole === null || corner === null) throw new Error("no crop box");
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x - 60, corner.y - 40, { steps: 6 });
    await page.mouse.up();
    const cropped = await box.boundingBox();
    expect(cropped?.width).toBeCloseTo(whole.width - 76, -1);
    expect(cropped?.height).toBeCloseTo(whole.height - 56, -1);
    expect(await editor.getAttribute("data-changed")).toBe("true");
    await editor.press("Control+z");
    await expect.poll(async () => (await box.boundingBox())?.width).toBeCloseTo(whole.width, 0);
    expect(await editor.getAttribute("data-changed")).toBeNull();
    await editor.press("Control+Shift+z");
    await expect
      .poll(async () => (await box.boundingBox())?.width)
      .toBeCloseTo(cropped?.width ?? 0, 0);

    // Leaving the page with changes: the browser is asked to warn.
    expect(await leavingIsWarned(page)).toBe(true);

    // Closing asks; Cancel keeps the editor and its changes.
    await editor.press("Escape");
    const confirm = page.getByRole("dialog", { name: "Close the editor?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await editor.getAttribute("data-changed")).toBe("true");
    const filesBefore = (await filesIn(trip)).length;
    await page.getByTestId("editor-close").click();
    await confirm.getByRole("button", { name: "Discard changes" }).click();
    await editor.waitFor({ state: "detached" });
    expect(await leavingIsWarned(page)).toBe(false);
    expect((await filesIn(trip)).length).toBe(filesBefore);
    await closeViewer(page);
  },
  mediaTestMs,
);

it(
  "fits its screen at 1400×900 and 390×844, in English and German, on every tab",
  async () => {
    const page = await gallery();
    if (screenshotDir !== undefined) await mkdir(screenshotDir, { recursive: true });
    for (const { width, height } of lookSizes) {
      for (const locale of englishAndGerman) {
        await showLook(page, { width, height, locale });
        const editLabel = locale === "de-DE" ? "Bearbeiten" : "Edit";
        await openAlbum(page, "Trip");
        await openInViewer(page, photoName);
        await waitForDecodedImage(page);
        // On a phone the viewer's actions sit in its "More" menu.
        const editButton = page.getByTestId("viewer-edit");
        if (await editButton.isVisible()) await editButton.click();
        else {
          await page
            .getByTestId("gallery-viewer")
            .getByRole("button", { name: locale === "de-DE" ? "Mehr" : "More" })
            .click();
          await page.getByRole("menuitem", { name: editLabel }).click();
        }
        const editor = page.getByTestId("photo-editor");
        await editorShowsPhoto(page);
        for (const tab of ["crop", "adjust", "filters"] as const) {
          await page.getByTestId(`editor-tab-${tab}`).click();
          // Straightened, the crop view shows the turned photo's empty corners dimmed.
          if (tab === "crop") await page.getByTestId("editor-straighten").fill("8");
          if (tab === "filters") {
            await page.getByTestId("editor-filter-warm").click();
            // Each filter's swatch is the photo itself under that filter, drawn by the worker.
            await expect
              .poll(
                () =>
                  page
                    .getByTestId("editor-filter-swatch-mono")
                    .evaluate((image) => (image as HTMLImageElement).naturalWidth)
                    .catch(() => 0),
                { timeout: pageCatchUpMs },
              )
              .toBeGreaterThan(0);
          }
          const at = `${locale} at ${String(width)} px, ${tab}`;
          expect(await overflowsIn(editor), at).toEqual([]);
          const bar = await page.locator(".photo-editor__bar").boundingBox();
          expect(bar !== null && bar.width <= width, at).toBe(true);
          for (const id of ["editor-close", "editor-undo", "editor-save"]) {
            const control = await page.getByTestId(id).boundingBox();
            expect(
              control !== null && control.x >= 0 && control.x + control.width <= width,
              `${at}: ${id}`,
            ).toBe(true);
          }
          if (screenshotDir !== undefined) {
            await page.screenshot({
              path: path.join(screenshotDir, `editor-${tab}-${locale}-${String(width)}.png`),
            });
          }
        }
        await editor.press("Escape");
        const confirm = page.getByRole("dialog");
        if (await editor.isVisible()) {
          await confirm
            .getByRole("button", {
              name: locale === "de-DE" ? "Änderungen verwerfen" : "Discard changes",
            })
            .click();
        }
        await editor.waitFor({ state: "detached" });
        await closeViewer(page);
      }
    }
  },
  mediaTestMs,
);

it(
  "replaces an original by its edited copy, the original going to the trash",
  async () => {
    const page = await gallery();
    const editor = await openEditor(page, "Best", photoName);
    // Shift+R turns it a quarter to the left: the copy is portrait.
    await editor.press("Shift+R");
    expect(await editor.getAttribute("data-changed")).toBe("true");
    await page.getByRole("button", { name: "More ways to save" }).click();
    await page.getByRole("menuitem", { name: "Save and replace the original" }).click();
    await page.getByRole("button", { name: "Save and replace", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "The original is in the trash" })
      .waitFor({ timeout: mediaWorkMs });
    await editor.waitFor({ state: "detached" });
    await closeViewer(page);

    await expect
      .poll(async () => (await filesIn(best)).some((file) => file.id === original.id), {
        timeout: pageCatchUpMs,
      })
      .toBe(false);
    const trash = await client.fetchTrash(
      new Map([trip, best].map((album) => [album.id, album.keyB64])),
    );
    expect(trash.entries.map((entry) => entry.item.file.id)).toContain(original.id);
    const portrait = await Promise.all(
      (await filesIn(best))
        .filter((file) => file.metadata.title === copyName)
        .map(async (file) => imageFacts(page, await client.downloadFile(file))),
    );
    expect(portrait.map(({ widthPx, heightPx }) => [widthPx, heightPx])).toContainEqual([
      759, 1012,
    ]);
  },
  mediaTestMs,
);
