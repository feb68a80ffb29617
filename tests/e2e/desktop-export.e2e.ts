// The desktop app's export, as a person uses it: the photos app in
// Chromium, its bridge relayed to the main process's folder rule and the
// export host running here in Node (see test-support/desktop-export-bridge.ts),
// a real server and a real folder. Choose a folder, start, see the export
// end, find every photo on disk; turn continuous export on and find a new
// photo exported after the library's next sync; open a video Chromium cannot
// play and see it play through the native conversion; the dialog fits a
// desktop and a phone in English and German.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves the dialog
// (`desktop-export-<locale>-<width>.png`).

import { mkdtemp, mkdir, readFile, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFolders } from "../../electron/main/export-folder";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { FileType } from "../../shared/model/library/file-metadata";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import { generatedAvi, generatedTiff } from "../test-support/media";
import { resultCounts, waitForFinish } from "./test-support/uploads";
import { expectGalleryOf, logIn } from "./test-support/accounts";
import {
  type DesktopExportBridge,
  bridgeDesktopExport,
} from "./test-support/desktop-export-bridge";
import { animationsDone, expectDialogFits } from "./test-support/dialog-fit";
import { openAlbum, openInViewer, waitForUpToDate } from "./test-support/gallery";
import { type AccountWithLibrary, signUpWithLibraryClient } from "./test-support/library";
import { englishAndGerman, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";
import { mediaWorkMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium();
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;
const fixtures = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");
const photos = ["f6t.jpg", "noexif.jpg", "door-knocker.jpg"];

let account: AccountWithLibrary;
let album: DecryptedCollection;
let chosenDirectory: string;
let context: BrowserContext;
let bridge: DesktopExportBridge;
let page: Page;

/** A fixture's bytes, in an array of their own (an upload takes its buffer). */
const fixture = async (name: string) => new Uint8Array(await readFile(path.join(fixtures, name)));

const exportedAlbum = () => path.join(chosenDirectory, "Cairn Photos", "Summer");
const exportedNames = async () =>
  (await readdir(exportedAlbum()).catch(() => [])).filter((name) => name !== "metadata").sort();

const openExportDialog = async () => {
  await page.goto(`${cairn().urls.photos}/gallery/settings`);
  await page.getByTestId("settings-export").click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return dialog;
};

beforeAll(async () => {
  account = await signUpWithLibraryClient(cairn(), "desktop-export");
  album = await account.client.createCollection({ name: "Summer", type: "album" });
  for (const name of photos) {
    await uploadTestFile(account.client, album, name, await fixture(name));
  }
  chosenDirectory = await mkdtemp(path.join(os.tmpdir(), "cairn-desktop-export-"));
  let chosen: string | undefined;
  const folders = exportFolders({
    // The folder picker: the user picks `chosenDirectory`.
    showOpenDialog: () => Promise.resolve({ canceled: false, filePaths: [chosenDirectory] }),
    mkdir: async (dir) => {
      await mkdir(dir, { recursive: true });
    },
    readChosen: () => chosen,
    writeChosen: (folder) => {
      chosen = folder;
    },
  });
  context = await browser().newContext({ viewport: { width: 1400, height: 900 } });
  bridge = await bridgeDesktopExport(context, folders);
  page = await context.newPage();
  await logIn(page, cairn(), account.account.email, account.account.password);
  await expectGalleryOf(page, account.account.email);
  await waitForUpToDate(page);
});

afterAll(async () => {
  await context.close();
  await bridge.close();
  await account.client.close();
});

describe("the desktop export in the photos app", () => {
  it("exports every photo into the chosen folder and says when it last did", async () => {
    const dialog = await openExportDialog();
    await dialog.getByRole("button", { name: "Choose folder" }).click();
    await expect
      .poll(() => dialog.getByTestId("export-folder").textContent())
      .toContain("Cairn Photos");
    expect(await dialog.getByTestId("export-last").textContent()).toContain("Never");

    await dialog.getByRole("button", { name: "Start" }).click();

    await expect
      .poll(() => dialog.getByTestId("export-last").textContent(), { timeout: 60_000 })
      .not.toContain("Never");
    expect(await exportedNames()).toEqual([...photos].sort());
    for (const name of photos) {
      expect(
        Buffer.compare(
          await readFile(path.join(exportedAlbum(), name)),
          await readFile(path.join(fixtures, name)),
        ),
        name,
      ).toBe(0);
    }
  });

  it("exports a new photo after the library's next sync once continuous export is on, across a reload", async () => {
    let dialog = await openExportDialog();
    await dialog.getByRole("switch").click();
    expect(await dialog.getByRole("switch").isChecked()).toBe(true);

    // The setting and the export outlive the page.
    await page.goto(`${cairn().urls.photos}/gallery`);
    await waitForUpToDate(page);
    dialog = await openExportDialog();
    expect(await dialog.getByRole("switch").isChecked()).toBe(true);

    await uploadTestFile(account.client, album, "canon-dslr.jpg", await fixture("canon-dslr.jpg"));
    // The app syncs when its window gets the focus back.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));

    await expect
      .poll(exportedNames, { timeout: 60_000 })
      .toEqual([...photos, "canon-dslr.jpg"].sort());
  });

  it("names itself the desktop app to the server", async () => {
    const apiOrigin = new URL(cairn().urls.api).origin;
    const diffRequest = page.waitForRequest(
      (request) => new URL(request.url()).origin === apiOrigin && request.url().includes("/diff"),
    );
    await page.goto(`${cairn().urls.photos}/gallery`);
    expect((await diffRequest).headers()["x-client-package"]).toBe("io.cairn.photos.desktop");
    await waitForUpToDate(page);
  });

  it("plays a video Chromium cannot play through the native conversion", async () => {
    const clips = await account.client.createCollection({ name: "Clips", type: "album" });
    const avi = await generatedAvi();
    await uploadTestFile(account.client, clips, "old-camera.avi", new Uint8Array(avi), {
      fileType: FileType.video,
    });
    await page.goto(`${cairn().urls.photos}/gallery`);
    await waitForUpToDate(page);
    await openAlbum(page, "Clips");
    await openInViewer(page, "old-camera.avi");
    if (screenshotDir !== undefined) {
      const converting = page.getByTestId("viewer-video-converting");
      if (
        await converting.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        )
      ) {
        await page.screenshot({ path: path.join(screenshotDir, "viewer-video-converting.png") });
      }
    }
    const video = page.getByTestId("viewer-video");
    await expect
      .poll(() => video.getAttribute("data-converted"), { timeout: mediaWorkMs })
      .toBe("true");
    await expect.poll(() => video.getAttribute("data-playback")).toBe("playable");
    // The whole clip plays: 4 s of 640×360.
    const facts = await video.evaluate((element) => {
      const playing = element as HTMLVideoElement;
      return { seconds: playing.duration, width: playing.videoWidth };
    });
    expect(facts.seconds).toBeCloseTo(4, 0);
    expect(facts.width).toBe(640);
    if (screenshotDir !== undefined) {
      await page.screenshot({ path: path.join(screenshotDir, "viewer-video-converted.png") });
    }
    await page.keyboard.press("Escape");
    expect(bridge.conversionsAsked).toContain("toMP4 old-camera.avi");
  });

  it("makes a TIFF's upload thumbnail and its viewer JPEG with the native conversion", async () => {
    const tiff = await generatedTiff();
    await page.goto(`${cairn().urls.photos}/gallery`);
    await waitForUpToDate(page);
    await openAlbum(page, "Clips");
    await page
      .getByTestId("upload-input-files")
      .setInputFiles([{ name: "scan.tiff", mimeType: "image/tiff", buffer: Buffer.from(tiff) }]);
    await waitForFinish(page);
    expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 1 });
    await page.getByTestId("upload-close").click();
    // The thumbnail and then the viewer's JPEG, both by sharp.
    expect(bridge.conversionsAsked).toContain("toJPEG scan.tiff");
    await openInViewer(page, "scan.tiff");
    const image = page.locator("[data-testid=viewer-image][data-loaded=true]");
    await image.waitFor({ timeout: mediaWorkMs });
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(800);
    expect(bridge.conversionsAsked.filter((asked) => asked === "toJPEG scan.tiff")).toHaveLength(2);
    await page.keyboard.press("Escape");
  });

  for (const size of lookSizes) {
    for (const locale of englishAndGerman) {
      it(`fits, in ${locale} at ${String(size.width)} px`, async () => {
        await page.setViewportSize(size);
        await page.evaluate((chosen) => {
          localStorage.setItem("locale", chosen);
        }, locale);
        const dialog = await openExportDialog();
        await dialog.getByTestId("export-last").waitFor();
        await animationsDone(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await expectDialogFits(dialog, size, `${locale} at ${String(size.width)} px`);
        if (screenshotDir !== undefined) {
          await page.screenshot({
            path: path.join(screenshotDir, `desktop-export-${locale}-${String(size.width)}.png`),
          });
        }
      });
    }
  }
});
