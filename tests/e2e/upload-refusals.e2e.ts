// Storage refusals of an upload through the photos UI (spec §3 results, §8
// upload mapping): the server's 426 ends the run with the spec's "storage
// full" message and the files not done are reported with it; files larger
// than the storage left are refused before they are sent while the others
// go in. Either way the server stores whole files only: its usage is the sum
// of the files registered, and the gallery and another client agree.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { generatedJpeg } from "../test-support/media";
import { albumCountOf, syncUntil, openAlbum } from "./test-support/gallery";
import {
  openLoggedInGallery,
  titlesInAlbum,
  signUpWithLibraryClient,
} from "./test-support/library";
import {
  readServerLibrary,
  setPlanStorage,
  storedBytesOf,
  type ServerLibrary,
} from "./test-support/server-library";
import { holdRequests } from "./test-support/held-requests";
import { useCairnInChromium } from "./test-support/suite";
import {
  closePanel,
  fixtureFile,
  panelHeading,
  pickFiles,
  resultCounts,
  resultFiles,
  resultNames,
  waitForFinish,
} from "./test-support/uploads";
import { mediaTestMs, mediaWorkMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let account: NodeAccount;
let client: NodeLibraryClient;
let page: Page;
let nightWalks: DecryptedCollection;
let holiday: DecryptedCollection;

/** Spec §8's message for a full storage. */
const storageFullMessage = "You have used all your storage. Upgrade your plan to upload more.";

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "refusals"));
  nightWalks = await client.createCollection({ name: "Night walks", type: "album" });
  holiday = await client.createCollection({ name: "Holiday", type: "album" });
  page = await openLoggedInGallery(browser(), cairn(), account);
});

afterAll(async () => {
  await client.close();
});

/** The titles of the files the Node client (another device) finds in `album`, sorted. */
const titlesOnServer = (album: DecryptedCollection) => titlesInAlbum(client, album);

/**
 * The server holds whole, registered files only: its usage is theirs, each
 * has its two objects, and no object is left unregistered.
 */
const expectOnlyWholeFiles = (server: ServerLibrary, fileCount: number) => {
  expect(server.files).toHaveLength(fileCount);
  expect(server.usageBytes).toBe(storedBytesOf(server.files));
  expect(server.registeredKeys).toHaveLength(2 * fileCount);
  expect(server.storedKeys).toEqual(server.registeredKeys);
  expect(server.pendingKeys).toEqual([]);
};

/**
 * Lets the first `passing` upload-URL requests of `page`'s browser (its sync
 * worker's) through and holds every later one until released.
 */
const holdUploadURLsAfter = (page: Page, passing: number) =>
  holdRequests(page, (url) => url.pathname === "/files/upload-urls", { passing });

it(
  "ends the run at the server's 426 with the storage-full message; only whole files stay",
  async () => {
    const names = Array.from({ length: 6 }, (_, index) => `night-${String(index + 1)}.jpg`);
    const photos = await Promise.all(
      names.map(async (name, index) => ({
        name,
        mimeType: "image/jpeg",
        buffer: Buffer.from(await generatedJpeg(200 + index, 800)),
      })),
    );
    await openAlbum(page, nightWalks.name);
    // Two files get their upload URLs at once; the others wait at that call.
    const hold = await holdUploadURLsAfter(page, 2);
    try {
      await pickFiles(page, photos);
      await expect
        .poll(async () => (await readServerLibrary(cairn(), account.userID)).files.length, {
          timeout: mediaWorkMs,
        })
        .toBe(2);
      // Meanwhile the storage ran out: the plan is lowered below what is stored.
      const { usageBytes } = await readServerLibrary(cairn(), account.userID);
      await setPlanStorage(cairn(), account.userID, Math.floor(usageBytes / 2));
      hold.release();
      await waitForFinish(page);
    } finally {
      await hold.stop();
    }

    // The refusal says so once, in the spec's words, over the summary.
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Storage full", { exact: true }).waitFor();
    await dialog.getByText(storageFullMessage, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "OK", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // Two files went in. The run ended at the first 426: the file that met it
    // did not fit, and every file not done failed for the same reason.
    const counts = await resultCounts(page);
    expect(counts[UploadResult.uploaded]).toBe(2);
    expect(counts[UploadResult.largerThanAvailableStorage]).toBeGreaterThanOrEqual(1);
    expect(Object.values(counts).reduce((total, count) => total + count, 0)).toBe(names.length);
    expect([
      UploadResult.uploaded,
      UploadResult.largerThanAvailableStorage,
      UploadResult.failed,
    ]).toEqual(expect.arrayContaining(Object.keys(counts)));
    const refused = [
      ...(await resultFiles(page, UploadResult.largerThanAvailableStorage)),
      ...(await resultFiles(page, UploadResult.failed)),
    ];
    expect(refused.map(({ reason }) => reason)).toEqual(refused.map(() => storageFullMessage));
    const uploaded = await resultNames(page, UploadResult.uploaded);
    expect([...uploaded, ...refused.map(({ name }) => name)].sort()).toEqual(names);
    await closePanel(page);

    // The gallery, another device and the server agree on the two files.
    await syncUntil(page, () => albumCountOf(page, nightWalks.name), 2);
    expect(await titlesOnServer(nightWalks)).toEqual(uploaded);
    expectOnlyWholeFiles(await readServerLibrary(cairn(), account.userID), 2);
  },
  mediaTestMs,
);

/**
 * Room above the three photos that fit, for their thumbnails (at most about
 * 100 KB each) and the encryption's few bytes: far less than either large
 * file, so those two are refused whatever order the lanes take the files in.
 */
const thumbnailRoomBytes = 600 * 1024;

it(
  "refuses files larger than the storage left before sending them; the others go in",
  async () => {
    const fitting = [
      await fixtureFile("Bush-dog.jpg", "image/jpeg"),
      await fixtureFile("door-knocker.jpg", "image/jpeg"),
      await fixtureFile("IMG_20180725_163423-tiny.jpg", "image/jpeg"),
    ];
    const tooLarge = [
      await fixtureFile("canon-dslr.jpg", "image/jpeg"),
      await fixtureFile("heic-iphone7.heic", "image/heic"),
    ];
    const before = await readServerLibrary(cairn(), account.userID);
    const fittingBytes = fitting.reduce((total, file) => total + file.buffer.length, 0);
    const planBytes = before.usageBytes + fittingBytes + thumbnailRoomBytes;
    for (const file of tooLarge)
      expect(file.buffer.length).toBeGreaterThan(planBytes - before.usageBytes);
    await setPlanStorage(cairn(), account.userID, planBytes);

    await openAlbum(page, holiday.name);
    await pickFiles(page, [...fitting, ...tooLarge]);
    await waitForFinish(page);
    expect(await panelHeading(page)).toBe("Upload finished: some files did not go in");
    expect(await resultCounts(page)).toEqual({
      [UploadResult.largerThanAvailableStorage]: 2,
      [UploadResult.uploaded]: 3,
    });
    const refused = await resultFiles(page, UploadResult.largerThanAvailableStorage);
    expect(refused.map(({ name }) => name).sort()).toEqual(tooLarge.map(({ name }) => name).sort());
    expect(refused.map(({ reason }) => reason)).toEqual([storageFullMessage, storageFullMessage]);
    // A file refused here ends nothing: the run went on, with no dialog.
    expect(await page.getByRole("dialog").count()).toBe(0);
    const uploaded = await resultNames(page, UploadResult.uploaded);
    expect(uploaded).toEqual(fitting.map(({ name }) => name).sort());
    await closePanel(page);

    await syncUntil(page, () => albumCountOf(page, holiday.name), 3);
    expect(await titlesOnServer(holiday)).toEqual(uploaded);
    const server = await readServerLibrary(cairn(), account.userID);
    expectOnlyWholeFiles(server, before.files.length + 3);
    expect(server.usageBytes).toBeLessThanOrEqual(planBytes);
  },
  mediaTestMs,
);
