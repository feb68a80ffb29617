// The apps in Chromium under their security headers: the photos app (log in,
// the gallery's thumbnails, the two-factor QR code, uploads of a JPEG, a HEIC
// and a video through the file picker, each in the viewer, a download), the
// accounts app (a passkey added), the auth app and a public album (password,
// viewer, the album's zip). No page and no worker (workers of workers
// included) meets a refusal of the Content-Security-Policy, the embedder or
// resource policies or the Permissions-Policy, and every page and worker is
// cross-origin isolated.
// See: [Note: The web apps' Content-Security-Policy]

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import {
  createAlbumLink,
  linkWithKey,
  updateAlbumLink,
} from "../../workers/library/sharing-operations";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg, generatedVideo } from "../test-support/media";
import {
  addFirstPasskeyFromPhotos,
  addVirtualAuthenticator,
  button,
  expectGalleryOf,
  field,
  logIn,
  openSettings,
} from "./test-support/accounts";
import {
  openInViewer,
  selectTiles,
  selectionAction,
  tile,
  waitForUpToDate,
  waitForVisibleThumbnails,
  openAlbum,
} from "./test-support/gallery";
import { type AccountWithLibrary, signUpWithLibraryClient } from "./test-support/library";
import { type PolicyViolations, watchPolicyViolations } from "./test-support/policy-violations";
import { useCairnInChromium } from "./test-support/suite";
import { fixtureFile, pickFiles, resultCount, waitForFinish } from "./test-support/uploads";
import { closeViewer, waitForDecodedImage, waitForPlayableVideo } from "./test-support/viewer";
import { mediaTestMs } from "./test-support/waits";
import { sharedTestPassword } from "../test-support/shared-test-kek";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

const password = sharedTestPassword;
let owner: AccountWithLibrary;
let lisbon: DecryptedCollection;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "csp-owner", password);
  lisbon = await owner.client.createCollection({ name: "Lisbon", type: "album" });
  await uploadTestFile(owner.client, lisbon, "tram.jpg", await generatedJpeg(31));
  await uploadTestFile(owner.client, lisbon, "tiles.jpg", await generatedJpeg(32));
});

afterAll(async () => {
  await owner.client.close();
});

/** A fresh browser context whose pages and workers are watched, and its first page. */
const watchedPage = async (): Promise<{
  context: BrowserContext;
  page: Page;
  violations: PolicyViolations;
}> => {
  const context = await browser().newContext({
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
  });
  const violations = await watchPolicyViolations(context);
  const page = await context.newPage();
  return { context, page, violations };
};

/** Whether the page and each of its workers is cross-origin isolated (shared memory allowed). */
const isolation = async (page: Page): Promise<boolean[]> => [
  await page.evaluate(() => crossOriginIsolated),
  ...(await Promise.all(
    page.workers().map((worker) => worker.evaluate(() => crossOriginIsolated)),
  )),
];

it("sends the security headers with every app's page and assets and with the API's answers", async () => {
  const { urls } = cairn();
  for (const app of ["photos", "accounts", "auth"] as const) {
    const page = await fetch(urls[app]);
    const html = await page.text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(new URL(String(script), urls[app]));
    for (const answer of [page, asset]) {
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(policy).toContain(`connect-src 'self' ${urls.api};`);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        "x-frame-options": "DENY",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "credentialless",
        "x-content-type-options": "nosniff",
      });
      // Served over http: no HSTS.
      expect(answer.headers.get("strict-transport-security")).toBeNull();
    }
  }
  const ping = await fetch(`${urls.api}/ping`);
  expect(ping.headers.get("x-content-type-options")).toBe("nosniff");
  expect(ping.headers.get("content-security-policy")).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
});

it(
  "runs the photos and accounts apps without a refusal: gallery, uploads, viewer, download, passkeys",
  async () => {
    const { context, page, violations } = await watchedPage();
    const { account } = owner;
    await logIn(page, cairn(), account.email, account.password);
    await expectGalleryOf(page, account.email);
    await waitForUpToDate(page);
    await openAlbum(page, "Lisbon");
    await tile(page, "tram.jpg").waitFor();
    await waitForVisibleThumbnails(page);
    expect(await isolation(page)).not.toContain(false);

    // Uploads through the file picker: the media worker's canvas, libheif
    // and ffmpeg.wasm, the crypto workers, the blob store's URLs.
    await pickFiles(page, [
      await fixtureFile("IMG_20180725_163423-tiny.jpg", "image/jpeg"),
      await fixtureFile("heic-single.heic", "image/heic"),
      {
        name: "clip.mp4",
        mimeType: "video/mp4",
        buffer: Buffer.from(await generatedVideo({ creationTime: "2021-06-01T08:00:00Z" })),
      },
    ]);
    await waitForFinish(page);
    expect(await resultCount(page, "uploaded")).toBe(3);
    await tile(page, "clip.mp4").waitFor();
    await waitForVisibleThumbnails(page);
    expect(await isolation(page)).not.toContain(false);

    // The viewer: photos from blob: URLs (the HEIC converted), the video playing from one.
    for (const title of ["IMG_20180725_163423-tiny.jpg", "heic-single.heic"]) {
      await openInViewer(page, title);
      await waitForDecodedImage(page);
      await closeViewer(page);
    }
    await openInViewer(page, "clip.mp4");
    await waitForPlayableVideo(page);
    await closeViewer(page);

    const download = page.waitForEvent("download");
    await selectTiles(page, ["tram.jpg"]);
    await selectionAction(page, "Download").click();
    expect((await download).suggestedFilename()).toBe("tram.jpg");
    await page.getByTestId("selection-bar").waitFor({ state: "detached" });

    // The two-factor setup's QR code is a data: image.
    await openSettings(page);
    await page.getByRole("link", { name: /Two-factor authentication/ }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    await page.goto(`${cairn().urls.photos}/gallery`);
    await waitForUpToDate(page);

    // Passkeys are managed in the accounts app.
    await addVirtualAuthenticator(page);
    await addFirstPasskeyFromPhotos(page, cairn(), "Laptop");
    expect(await isolation(page)).not.toContain(false);

    expect(violations.seen()).toEqual([]);
    await context.close();
  },
  mediaTestMs,
);

it("opens a public album without a refusal: password, thumbnails, viewer, the album's zip", async () => {
  const created = await createAlbumLink(owner.client.deps, lisbon.id);
  await updateAlbumLink(owner.client.deps, lisbon.id, {
    password: "pastel de nata",
    enableDownload: true,
  });
  const { context, page, violations } = await watchedPage();
  await page.goto(linkWithKey(created.url, lisbon.keyB64));
  const form = page.getByTestId("public-album-password");
  await form.getByLabel("Password", { exact: true }).fill("pastel de nata");
  await form.getByRole("button", { name: "Open album" }).click();
  await page.getByTestId("view-title").getByText("Lisbon", { exact: true }).waitFor();
  await tile(page, "tram.jpg").waitFor();
  await waitForVisibleThumbnails(page);
  await openInViewer(page, "tram.jpg");
  await waitForDecodedImage(page);
  await closeViewer(page);
  const zip = page.waitForEvent("download");
  await page.getByTestId("public-album-download-all").click();
  expect((await zip).suggestedFilename()).toBe("Lisbon.zip");
  expect(await isolation(page)).not.toContain(false);

  expect(violations.seen()).toEqual([]);
  await context.close();
});

it("opens the auth app and its login without a refusal", async () => {
  const { context, page, violations } = await watchedPage();
  await page.goto(cairn().urls.auth);
  await page.getByRole("heading", { level: 1, name: "Cairn Auth" }).waitFor();
  await page.getByRole("link", { name: "Log in" }).click();
  // The email step asks the API for the account's login parameters.
  await field(page, "Email").fill(owner.account.email);
  await button(page, "Continue").click();
  await field(page, "Password").waitFor();
  expect(await isolation(page)).not.toContain(false);

  expect(violations.seen()).toEqual([]);
  await context.close();
});
