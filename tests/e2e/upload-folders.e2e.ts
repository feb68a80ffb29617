// A phone backup uploaded through the folder picker of the photos UI: a
// live photo as an iPhone leaves it (a HEIC and a MOV of one name) goes in as
// one live photo, a Google Takeout photo takes its date, place and caption
// from its JSON sidecar (which is read, not uploaded), and "one album per
// folder" names each album after its folder.

import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import type { DecryptedFile } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { fixtureMediaDir, generatedLivePhotoPair } from "../test-support/media";
import { button } from "./test-support/accounts";
import { expectAlbumCount, openInViewer, tile, openAlbum } from "./test-support/gallery";
import { openLoggedInGallery, signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { pickFolder, resultCounts, resultNames, waitForFinish } from "./test-support/uploads";
import {
  closeViewer,
  closeViewerIfOpen,
  infoDetails,
  localTimeMs,
  shownDateTime,
  waitForDecodedImage,
} from "./test-support/viewer";
import { mediaTestMs, mediaWorkMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let page: Page;
/** The picked folder's parent, on disk. */
let root: string;

const backupFolder = "Phone backup";
const cameraFolder = "Camera roll";
const takeoutFolder = "Photos from 2019";
const takeoutPhoto = "tram-28.jpg";
/** What Google wrote about the photo: taken 1 July 2019 10:00 UTC in Lisbon, with a description. */
const takeoutTakenAtSec = 1_561_975_200;
const takeoutPlace = { latitude: 38.7139, longitude: -9.1394 };
const takeoutCaption = "Tram 28 climbing to the castle";
/** The live photo's capture (its HEIC's EXIF time is the wall clock at +02:00). */
const liveCapture = { captureTime: "2023-05-01T10:20:30Z", offset: "+02:00" } as const;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "folders"));
  root = await mkdtemp(path.join(os.tmpdir(), "cairn-e2e-folders-"));
  const camera = path.join(root, backupFolder, cameraFolder);
  const takeout = path.join(root, backupFolder, takeoutFolder);
  await mkdir(camera, { recursive: true });
  await mkdir(takeout, { recursive: true });
  const pair = await generatedLivePhotoPair({ baseName: "IMG_0001", ...liveCapture });
  await writeFile(path.join(camera, pair.image.name), pair.image.bytes);
  await writeFile(path.join(camera, pair.video.name), pair.video.bytes);
  // A camera photo with its own EXIF date (October 2019): the sidecar's wins.
  await writeFile(
    path.join(takeout, takeoutPhoto),
    await readFile(path.join(fixtureMediaDir, "canon-dslr.jpg")),
  );
  await writeFile(
    path.join(takeout, `${takeoutPhoto}.supplemental-metadata.json`),
    JSON.stringify({
      title: takeoutPhoto,
      description: takeoutCaption,
      imageViews: "3",
      creationTime: { timestamp: "1562581200", formatted: "8 Jul 2019, 10:20:00 UTC" },
      photoTakenTime: {
        timestamp: String(takeoutTakenAtSec),
        formatted: "1 Jul 2019, 10:00:00 UTC",
      },
      geoData: { ...takeoutPlace, altitude: 52.0, latitudeSpan: 0.0, longitudeSpan: 0.0 },
      geoDataExif: { ...takeoutPlace, altitude: 52.0, latitudeSpan: 0.0, longitudeSpan: 0.0 },
      url: "https://photos.google.com/photo/AF1QipMexample",
      googlePhotosOrigin: { mobileUpload: { deviceType: "ANDROID_PHONE" } },
    }),
  );
  page = await openLoggedInGallery(browser(), cairn(), account);
});

beforeEach(async () => {
  await closeViewerIfOpen(page);
});

afterAll(async () => {
  await client.close();
  await rm(root, { recursive: true, force: true });
});

/** The user's files the Node client (another device) finds in the album called `name`. */
const filesOnServer = async (name: string): Promise<DecryptedFile[]> => {
  const collections = await client.fetchCollections();
  const album = collections.flatMap((entry) =>
    entry.ok && entry.collection.name === name && !entry.collection.isDeleted
      ? [entry.collection]
      : [],
  );
  expect(album).toHaveLength(1);
  const [collection] = album;
  if (collection === undefined) return [];
  const { entries } = await client.fetchCollectionFiles(collection);
  return entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
};

it(
  "uploads a phone backup folder: a live photo, a Takeout photo with its sidecar, one album per folder",
  async () => {
    // "All" is open, not an album: the upload asks where the files go.
    await pickFolder(page, path.join(root, backupFolder));
    const target = page.getByTestId("upload-target-dialog");
    await target.waitFor();
    // Four files picked (the sidecar among them), from two folders.
    await page.getByRole("dialog").getByText("Upload 4 files", { exact: true }).waitFor();
    const perFolder = target.getByRole("radio", { name: /One album per folder/ });
    expect(await perFolder.isChecked()).toBe(true);
    expect(await target.textContent()).toContain(`2 albums: ${cameraFolder} and ${takeoutFolder}`);
    await target.getByRole("button", { name: "Upload", exact: true }).click();

    await waitForFinish(page);
    // The HEIC and MOV are one file; the sidecar is not a file of its own.
    expect(await resultCounts(page)).toEqual({ [UploadResult.uploaded]: 2 });
    expect(await resultNames(page, UploadResult.uploaded)).toEqual(["IMG_0001.HEIC", takeoutPhoto]);
    await expectAlbumCount(page, cameraFolder, 1);
    await expectAlbumCount(page, takeoutFolder, 1);

    // Another device finds a live photo, and the Takeout photo with Google's facts.
    const [live, ...otherLive] = await filesOnServer(cameraFolder);
    expect(otherLive).toEqual([]);
    expect(live?.metadata).toMatchObject({ title: "IMG_0001.HEIC", fileType: FileType.livePhoto });
    expect(live?.metadata.deviceFolder).toBe(`${backupFolder}/${cameraFolder}`);
    const [photo, ...otherPhotos] = await filesOnServer(takeoutFolder);
    expect(otherPhotos).toEqual([]);
    expect(photo?.metadata).toMatchObject({
      title: takeoutPhoto,
      fileType: FileType.image,
      creationTime: takeoutTakenAtSec * 1_000_000,
      ...takeoutPlace,
    });
    expect(photo?.pubMagicMetadata?.data.caption).toBe(takeoutCaption);
  },
  mediaTestMs,
);

it("shows the live photo as one tile, with its image and its video, and its capture time and place", async () => {
  await openAlbum(page, cameraFolder);
  await tile(page, "IMG_0001.HEIC").getByRole("img", { name: "Live photo" }).waitFor();
  expect(await page.getByTestId("gallery-tile").count()).toBe(1);
  await openInViewer(page, "IMG_0001.HEIC");
  await waitForDecodedImage(page);
  await button(page, "Play live photo").click();
  await page.getByTestId("viewer-live-video").waitFor({ state: "attached", timeout: mediaWorkMs });
  const details = await infoDetails(page);
  expect(details.name).toContain("IMG_0001.HEIC");
  // The image's EXIF time, read as the camera's wall clock (the video's
  // creation time is the same moment in UTC, two hours earlier on the
  // clock), and the GPS heif-enc carried over from the source photo.
  expect(details.date).toContain(
    await shownDateTime(page, await localTimeMs(page, "2023-05-01T12:20:30")),
  );
  expect(details.location).toContain("50.29960, 14.82029");
  expect(details.location).toContain("Benátky nad Jizerou, Czechia");
  await closeViewer(page);
});

it("shows the Takeout photo with the date, place and caption of its sidecar", async () => {
  await openAlbum(page, takeoutFolder);
  await openInViewer(page, takeoutPhoto);
  await waitForDecodedImage(page);
  const details = await infoDetails(page);
  expect(details.name).toContain(takeoutPhoto);
  expect(details.date).toContain(await shownDateTime(page, takeoutTakenAtSec * 1000));
  expect(details.location).toContain("38.71390, -9.13940");
  expect(details.location).toContain("Lisbon, Portugal");
  expect(await page.getByTestId("viewer-info-caption").textContent()).toContain(takeoutCaption);
  await closeViewer(page);
});
