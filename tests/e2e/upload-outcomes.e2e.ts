// What an upload through the photos UI leaves behind, file by file: a run
// cancelled in the middle keeps the files already done and leaves nothing
// of the file on its way registered (in the gallery, for another client, on
// the server); damaged files get the result the product gives them and do
// not break the viewer; and uploaded photos, a HEIC and a video show their
// thumbnails, and in the viewer their date, place, name and kind.

import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import {
  generatedHeic,
  generatedJpeg,
  generatedLargeVideo,
  generatedVideo,
} from "../test-support/media";
import {
  albumCountOf,
  openInViewer,
  syncUntil,
  tile,
  waitForVisibleThumbnails,
  openAlbum,
} from "./test-support/gallery";
import {
  openLoggedInGallery,
  titlesInAlbum,
  signUpWithLibraryClient,
} from "./test-support/library";
import { readServerLibrary, storedBytesOf } from "./test-support/server-library";
import { holdRequests } from "./test-support/held-requests";
import { useCairnInChromium } from "./test-support/suite";
import {
  closePanel,
  filePercent,
  fixtureFile,
  namesInProgress,
  overallPercent,
  panelHeading,
  pickFiles,
  resultCounts,
  resultFiles,
  resultGroup,
  resultNames,
  uploadPhase,
  waitForFinish,
} from "./test-support/uploads";
import {
  closeViewer,
  closeViewerIfOpen,
  infoDetails,
  localTimeMs,
  shownDateTime,
  thumbnailWidthOf,
  waitForDecodedImage,
  waitForPlayableVideo,
} from "./test-support/viewer";
import { mediaTestMs, mediaWorkMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let page: Page;
/** The album of the cancelled run, made by the Node client before the browser logs in. */
let harbour: DecryptedCollection;
const albumNames = { harbour: "Harbour", damaged: "Damaged cards", phone: "Phone" } as const;

/** Errors thrown on the page and not caught (a viewer that breaks on a file shows here). */
const pageErrors: Error[] = [];

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "outcomes"));
  harbour = await client.createCollection({ name: albumNames.harbour, type: "album" });
  await client.createCollection({ name: albumNames.damaged, type: "album" });
  await client.createCollection({ name: albumNames.phone, type: "album" });
  page = await openLoggedInGallery(browser(), cairn(), account);
  page.on("pageerror", (error) => pageErrors.push(error));
});

beforeEach(async () => {
  await closeViewerIfOpen(page);
});

afterAll(async () => {
  await client.close();
});

/** The titles of the files the Node client (another device) finds in `album`, sorted. */
const titlesOnServer = (album: DecryptedCollection) => titlesInAlbum(client, album);

/**
 * Holds the PUT of part `partNumber` of a multipart upload made by `page`'s
 * browser (its sync worker's requests too) until released.
 */
const holdMultipartPart = (page: Page, partNumber: number) =>
  holdRequests(
    page,
    (url) =>
      url.pathname.startsWith("/blobs/") &&
      url.searchParams.get("partNumber") === String(partNumber),
    { times: 1 },
  );

/**
 * 48 MiB: a multipart upload of three 20 MiB parts (past 20 MiB a file goes
 * in parts), so that the second part can be held with the first one sent.
 * Small, as the video is hashed, probed and thumbnailed before it is sent.
 */
const cancelledVideoBytes = 48 * 1024 * 1024;
/** The part held: one part (20 MiB) is sent before the cancel. */
const heldPartNumber = 2;

it(
  "cancels a run in the middle: files done stay, the video on its way leaves nothing registered",
  async () => {
    const video = await generatedLargeVideo(cancelledVideoBytes);
    try {
      // The photos and the video sit on disk, as a person's files do.
      const folder = path.dirname(video.path);
      const videoPath = path.join(folder, "harbour-timelapse.mp4");
      await rename(video.path, videoPath);
      const photoNames = ["harbour-1.jpg", "harbour-2.jpg", "harbour-3.jpg"];
      const photoPaths = await Promise.all(
        photoNames.map(async (name, index) => {
          const photoPath = path.join(folder, name);
          await writeFile(photoPath, await generatedJpeg(100 + index, 1024));
          return photoPath;
        }),
      );

      await openAlbum(page, albumNames.harbour);
      const held = await holdMultipartPart(page, heldPartNumber);
      await pickFiles(page, [...photoPaths, videoPath]);
      await held.arrived;
      // The photos are done; the video is on its way, some of it sent.
      await expect
        .poll(() => namesInProgress(page), { timeout: mediaWorkMs })
        .toEqual(["harbour-timelapse.mp4"]);
      expect(await uploadPhase(page)).toBe("uploading");
      expect(await filePercent(page, "harbour-timelapse.mp4")).toBeGreaterThan(0);
      expect(await overallPercent(page)).toBeGreaterThan(0);
      expect(await overallPercent(page)).toBeLessThan(100);

      // Cancel asks first.
      await page.getByTestId("upload-cancel").click();
      const question = page.getByRole("dialog");
      await question.getByText("Cancel the upload?").waitFor();
      await question.getByRole("button", { name: "Cancel upload", exact: true }).click();
      held.release();
      await waitForFinish(page);

      expect(await panelHeading(page)).toBe("Upload cancelled");
      // The video is neither uploaded nor failed: it is left out of the run.
      expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 3 });
      expect(await resultNames(page, UploadResult.uploaded)).toEqual(photoNames);
    } finally {
      await video.remove();
    }

    // After a sync, the gallery has the three photos and nothing of the video.
    await syncUntil(page, () => albumCountOf(page, albumNames.harbour), 3);
    await tile(page, "harbour-1.jpg").waitFor();
    expect(await tile(page, "harbour-timelapse.mp4").count()).toBe(0);
    // Another device sees the same files.
    expect(await titlesOnServer(harbour)).toEqual([
      "harbour-1.jpg",
      "harbour-2.jpg",
      "harbour-3.jpg",
    ]);
    // The server registered the three photos only: its usage counts them and
    // nothing else, each has its file and thumbnail object, and the video's
    // minted objects are unregistered, listed to expire.
    const server = await readServerLibrary(cairn(), account.userID);
    expect(server.files).toHaveLength(3);
    expect(server.usageBytes).toBe(storedBytesOf(server.files));
    expect(server.registeredKeys).toHaveLength(6);
    expect(server.storedKeys).toEqual(expect.arrayContaining(server.registeredKeys));
    expect(server.pendingKeys.length).toBeGreaterThan(0);
    expect(server.pendingKeys.filter((key) => server.registeredKeys.includes(key))).toEqual([]);
    const known = new Set([...server.registeredKeys, ...server.pendingKeys]);
    expect(server.storedKeys.filter((key) => !known.has(key))).toEqual([]);
    await closePanel(page);
  },
  mediaTestMs,
);

it("uploads damaged files as the product defines, and shows them without breaking the viewer", async () => {
  const door = await fixtureFile("door-knocker.jpg", "image/jpeg");
  await openAlbum(page, albumNames.damaged);
  await pickFiles(page, [
    // Damaged inside, yet a browser still decodes it.
    await fixtureFile("broken1.jpg", "image/jpeg"),
    // The first 40 % of a photo, as a copy cut short leaves it: no thumbnail can be made.
    {
      name: "door-knocker-truncated.jpg",
      mimeType: "image/jpeg",
      buffer: door.buffer.subarray(0, Math.floor(door.buffer.length * 0.4)),
    },
    // A JPEG by name only.
    {
      name: "not-a-photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("These are words, not the bytes of a JPEG. ".repeat(20)),
    },
  ]);
  await waitForFinish(page);
  expect(await resultCounts(page)).toEqual({
    [UploadResult.unsupported]: 1,
    [UploadResult.uploaded]: 1,
    [UploadResult.uploadedWithStaticThumbnail]: 1,
  });
  expect(await resultNames(page, UploadResult.uploaded)).toEqual(["broken1.jpg"]);
  expect(await resultFiles(page, UploadResult.uploadedWithStaticThumbnail)).toEqual([
    { name: "door-knocker-truncated.jpg", reason: undefined },
  ]);
  expect(await resultGroup(page, UploadResult.uploadedWithStaticThumbnail).textContent()).toContain(
    "No preview could be made for these files; the files themselves are uploaded.",
  );
  expect(await resultFiles(page, UploadResult.unsupported)).toEqual([
    { name: "not-a-photo.jpg", reason: "This file format is not supported." },
  ]);
  await closePanel(page);

  // Both uploaded files have a tile with a thumbnail (the static one for the cut copy)...
  expect(await albumCountOf(page, albumNames.damaged)).toBe(2);
  await waitForVisibleThumbnails(page);
  for (const title of ["broken1.jpg", "door-knocker-truncated.jpg"]) {
    expect(await thumbnailWidthOf(page, title)).toBeGreaterThan(0);
  }
  // ...and open in the viewer, which decodes what the browser can of them.
  for (const title of ["broken1.jpg", "door-knocker-truncated.jpg"]) {
    await openInViewer(page, title);
    await waitForDecodedImage(page);
    expect((await infoDetails(page)).name).toContain(title);
    await closeViewer(page);
  }
  expect(pageErrors).toEqual([]);
});

it(
  "shows a phone photo, an iPhone HEIC and a video with their thumbnails, dates, places, names and kinds",
  async () => {
    await openAlbum(page, albumNames.phone);
    await pickFiles(page, [
      await fixtureFile("IMG_20180725_163423-tiny.jpg", "image/jpeg"),
      await fixtureFile("heic-iphone7.heic", "image/heic"),
      {
        name: "tram.mp4",
        mimeType: "video/mp4",
        buffer: Buffer.from(
          await generatedVideo({
            creationTime: "2021-06-01T08:00:00Z",
            iso6709Location: "+38.7139-009.1394/",
          }),
        ),
      },
    ]);
    await waitForFinish(page);
    expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 3 });
    await closePanel(page);

    // Each tile has its own thumbnail, made in the media worker; the video says it is one.
    await waitForVisibleThumbnails(page);
    for (const title of ["IMG_20180725_163423-tiny.jpg", "heic-iphone7.heic", "tram.mp4"]) {
      expect(await thumbnailWidthOf(page, title)).toBeGreaterThan(0);
    }
    await tile(page, "tram.mp4").getByRole("img", { name: "Video" }).waitFor();

    // The phone photo: its EXIF time (local, as the camera's clock) and GPS.
    await openInViewer(page, "IMG_20180725_163423-tiny.jpg");
    await waitForDecodedImage(page);
    let details = await infoDetails(page);
    expect(details.date).toContain(
      await shownDateTime(page, await localTimeMs(page, "2018-07-25T16:34:23")),
    );
    expect(details.location).toContain("50.29960, 14.82029");
    expect(details.location).toContain("Benátky nad Jizerou, Czechia");
    expect(details.name).toContain("IMG_20180725_163423-tiny.jpg");
    await closeViewer(page);

    // The iPhone's HEIC: shown as an image (converted), with its EXIF time and GPS.
    await openInViewer(page, "heic-iphone7.heic");
    await waitForDecodedImage(page);
    details = await infoDetails(page);
    expect(details.date).toContain(
      await shownDateTime(page, await localTimeMs(page, "2019-10-20T18:34:30")),
    );
    expect(details.location).toContain("38.04664, 12.99441");
    expect(details.location).toContain(", Italy");
    expect(details.name).toContain("heic-iphone7.heic");
    await closeViewer(page);

    // The video: played by a video element; its container's time (an instant) and place.
    await openInViewer(page, "tram.mp4");
    await waitForPlayableVideo(page);
    details = await infoDetails(page);
    expect(details.date).toContain(await shownDateTime(page, Date.parse("2021-06-01T08:00:00Z")));
    expect(details.location).toContain("38.71390, -9.13940");
    expect(details.location).toContain("Lisbon, Portugal");
    expect(details.name).toContain("tram.mp4");
    await closeViewer(page);
    expect(pageErrors).toEqual([]);
  },
  mediaTestMs,
);

it("keeps the EXIF time and place of a HEIC written by libheif (heif-enc)", async () => {
  // libheif places the Exif item by the `iloc` box's base offset (iPhones by
  // the extent offset): both are the standard's, and both must be read.
  await openAlbum(page, albumNames.phone);
  await pickFiles(page, [
    {
      name: "IMG_0002.HEIC",
      mimeType: "image/heic",
      buffer: Buffer.from(await generatedHeic({ dateTimeOriginal: "2022:12:24 18:05:10" })),
    },
  ]);
  await waitForFinish(page);
  expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 1 });
  await closePanel(page);
  await openInViewer(page, "IMG_0002.HEIC");
  await waitForDecodedImage(page);
  const details = await infoDetails(page);
  expect(details.name).toContain("IMG_0002.HEIC");
  expect(details.date).toContain(
    await shownDateTime(page, await localTimeMs(page, "2022-12-24T18:05:10")),
  );
  // heif-enc carried over the phone photo's GPS.
  expect(details.location).toContain("50.29960, 14.82029");
  expect(details.location).toContain("Benátky nad Jizerou, Czechia");
  await closeViewer(page);
});
