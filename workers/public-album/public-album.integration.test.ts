// The public album service against a real Cairn (SQLite, local blobs), as a
// visitor's browser runs it: an owner's album with two photos shared by a
// link; the visitor opens it from the link alone, gives the password (a
// wrong one first), sees the album and its files through the gallery's
// engine, gets thumbnails and originals through the link's endpoints, and
// downloads only while the owner allows it. Then the link's failures: a
// made-up token, a key that is not the album's, the link disabled, and a
// sixth device on a free plan's link.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeAccount } from "../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { generatedJpeg } from "../../tests/test-support/media";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import type { DecryptedCollection } from "../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../library/node-library-client";
import {
  createAlbumLink,
  disableAlbumLink,
  linkWithKey,
  updateAlbumLink,
} from "../library/sharing-operations";
import type { DownloadedFile } from "../gallery/gallery-contract";
import { uploadTestFile } from "../sync/test-support/library";
import { type DeviceTokenStore, memoryDeviceTokens } from "./device-tokens";
import type { PublicAlbumService } from "./public-album-service";
import { createTestVisitor } from "./test-support/visitor";

let nodeCairn: NodeCairn;
let pool: NodeCryptoPool;
let owner: NodeAccount;
let client: NodeLibraryClient;
let album: DecryptedCollection;
let link: URL;

beforeAll(async () => {
  nodeCairn = await startNodeCairn();
  pool = await createNodeCryptoPool({ size: 2 });
  owner = await nodeCairn.signUp("link-owner");
  client = await createNodeLibraryClient({
    apiOrigin: nodeCairn.apiOrigin,
    token: owner.token,
    userID: owner.userID,
    accountKeys: owner.accountKeys,
    poolSize: 1,
  });
  album = await client.createCollection({ name: "Lisbon", type: "album" });
  await uploadTestFile(client, album, "tram.jpg", await generatedJpeg(1));
  await uploadTestFile(client, album, "tiles.jpg", await generatedJpeg(2));
  const created = await createAlbumLink(client.deps, album.id);
  link = new URL(linkWithKey(created.url, album.keyB64));
}, 240_000);

afterAll(async () => {
  await client.close();
  await pool.terminate();
  await nodeCairn.close();
});

let browserCount = 0;

/**
 * A visitor's browser: its own device token store unless one is given, and
 * a browser of its own (the server counts a device without a token by its
 * IP and user agent, and every visitor here comes from the same IP).
 */
const visitor = (
  deviceTokens: DeviceTokenStore = memoryDeviceTokens(),
  userAgent = `visitor-browser-${String(++browserCount)}`,
): PublicAlbumService =>
  createTestVisitor({ apiOrigin: nodeCairn.apiOrigin, pool, userAgent, deviceTokens });

const titlesOf = (service: PublicAlbumService) => {
  const snapshot = service.openView(album.id);
  return service
    .viewWindow(album.id, 0, snapshot.totalCount)
    .items.map(({ title }) => title)
    .sort();
};

describe("a link with a password", () => {
  it("asks for it, says a wrong one is incorrect, and opens the album with the right one", async () => {
    await updateAlbumLink(client.deps, album.id, { password: "pastel de nata" });
    const service = visitor();
    expect(await service.open(link.search, link.hash)).toEqual({ kind: "password-required" });
    expect(() => service.openView(album.id)).toThrow(/not open/);

    expect(await service.verifyPassword("croissant")).toEqual({ kind: "incorrect-password" });
    const opened = await service.verifyPassword("pastel de nata");
    expect(opened).toMatchObject({
      kind: "ready",
      album: { collectionID: album.id, name: "Lisbon", fileCount: 2, enableDownload: true },
    });
    expect(titlesOf(service)).toEqual(["tiles.jpg", "tram.jpg"]);

    // Thumbnails and originals come through the link's endpoints, decrypted.
    const { items } = service.viewWindow(album.id, 0, 2);
    const ids = items.map(({ id }) => id);
    const thumbnails = await service.thumbnails(ids);
    expect(thumbnails.map((result) => result.ok)).toEqual([true, true]);
    const first = thumbnails[0];
    // A JPEG starts with FF D8.
    expect(first?.ok === true ? [...first.bytes.slice(0, 2)] : []).toEqual([0xff, 0xd8]);
    const original = await service.original(ids[0] ?? 0);
    expect(original.kind).toBe("image");
    expect(service.fileDetails(ids[0] ?? 0)).toMatchObject({
      isOwn: false,
      albumNames: ["Lisbon"],
    });
    await expect(service.perform()).resolves.toEqual({ ok: false, code: "unknown" });

    await updateAlbumLink(client.deps, album.id, { password: null });
  });
});

describe("downloads", () => {
  it("downloads a selection while the owner allows it, and refuses once they do not", async () => {
    const service = visitor();
    expect(await service.open(link.search, link.hash)).toMatchObject({
      kind: "ready",
      album: { enableDownload: true },
    });
    const ids = service.viewWindow(album.id, 0, 2).items.map(({ id }) => id);
    const saved: DownloadedFile[] = [];
    await service.download(
      ids,
      "files",
      () => undefined,
      (file) => saved.push(file),
    );
    expect(saved.map(({ name }) => name).sort()).toEqual(["tiles.jpg", "tram.jpg"]);

    await updateAlbumLink(client.deps, album.id, { enableDownload: false });
    const later = visitor();
    expect(await later.open(link.search, link.hash)).toMatchObject({
      kind: "ready",
      album: { enableDownload: false },
    });
    await expect(
      later.download(
        ids,
        "zip",
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow(expect.objectContaining({ name: "DownloadsNotAllowedError" }) as Error);
    await updateAlbumLink(client.deps, album.id, { enableDownload: true });
  });
});

describe("links that open nothing", () => {
  it("tells a made-up token, a missing key and a key that is not the album's apart", async () => {
    expect(await visitor().open("?t=NOSUCHLINK", link.hash)).toEqual({
      kind: "failed",
      failure: "link-invalid",
    });
    expect(await visitor().open(link.search, "")).toEqual({
      kind: "failed",
      failure: "incomplete-link",
    });
    const other = await client.createCollection({ name: "Other", type: "album" });
    const otherKey = new URL(linkWithKey(link.origin, other.keyB64));
    expect(await visitor().open(link.search, otherKey.hash)).toEqual({
      kind: "failed",
      failure: "incomplete-link",
    });
  });

  it("keeps a device's token across reloads and refuses a sixth device of a free plan's link", async () => {
    // The free plan's link admits 5 devices; earlier tests' visitors took
    // some, so this one is a new link.
    await disableAlbumLink(client.deps, album.id);
    const created = await createAlbumLink(client.deps, album.id);
    link = new URL(linkWithKey(created.url, album.keyB64));
    const accessToken = link.searchParams.get("t") ?? "";
    const first = memoryDeviceTokens();
    expect((await visitor(first, "first-browser").open(link.search, link.hash)).kind).toBe("ready");
    const kept = await first.get(accessToken);
    expect(kept).toBeDefined();
    // A reload of the same browser is the same device, even from another
    // network (its token names it): it is not counted again.
    expect((await visitor(first, "first-browser, moved").open(link.search, link.hash)).kind).toBe(
      "ready",
    );

    const outcomes: string[] = [];
    for (let device = 0; device < 5; device++) {
      const state = await visitor().open(link.search, link.hash);
      outcomes.push(state.kind === "failed" ? state.failure : state.kind);
    }
    expect(outcomes.slice(0, 4)).toEqual(["ready", "ready", "ready", "ready"]);
    expect(outcomes[4]).toBe("device-limit");
    // The first browser is still one of the five.
    expect(
      (await visitor(first, "first-browser, moved again").open(link.search, link.hash)).kind,
    ).toBe("ready");
  });

  it("says a disabled link has expired", async () => {
    await disableAlbumLink(client.deps, album.id);
    expect(await visitor().open(link.search, link.hash)).toEqual({
      kind: "failed",
      failure: "link-expired",
    });
  });
});
