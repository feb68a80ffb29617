import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import type { NodeAccount } from "../../tests/test-support/node-account";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../workers/library/node-library-client";
import { makeThumbnails, seedCairn } from "./seed-cairn";
import type { SeededLibrary } from "./seed-library";

describe("the bench seeder", () => {
  let node: NodeCairn;
  let account: NodeAccount;
  let client: NodeLibraryClient;
  let thumbnails: Uint8Array[];
  let seeded: SeededLibrary;
  const fileCount = 2_345; // more than one step of the seeder
  const albumCount = 3;

  beforeAll(async () => {
    node = await startNodeCairn();
    account = await node.signUp("seeded");
    client = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 2,
    });
    thumbnails = await makeThumbnails();
    seeded = await seedCairn({
      cairn: node.cairn,
      userID: account.userID,
      accountKeys: account.accountKeys,
      pool: client.pool,
      fileCount,
      albumCount,
      thumbnails,
    });
  });

  afterAll(async () => {
    await client.close();
    await node.close();
  });

  it("makes real small JPEG thumbnails", () => {
    expect(thumbnails.length).toBeGreaterThan(1);
    for (const thumbnail of thumbnails) {
      expect([...thumbnail.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(thumbnail.length).toBeLessThan(100_000);
    }
  });

  it("creates albums a client decrypts, never older than their files", async () => {
    const listed = await client.fetchCollections();
    const albums = listed.flatMap((entry) => (entry.ok ? [entry.collection] : []));
    expect(listed.every((entry) => entry.ok)).toBe(true);
    expect(albums.map((album) => album.id).sort()).toEqual(
      seeded.albums.map((album) => album.id).sort(),
    );
    let total = 0;
    for (const album of albums) {
      const mine = seeded.albums.find((seededAlbum) => seededAlbum.id === album.id);
      expect(album.name).toBe(mine?.name);
      const { entries, latestTimeUs } = await client.fetchCollectionFiles(album);
      expect(entries.every((entry) => entry.kind === "file")).toBe(true);
      expect(entries).toHaveLength(mine?.fileCount ?? -1);
      // See: [Note: A collection is never older than its files]
      expect(album.updationTime).toBe(latestTimeUs);
      total += entries.length;
    }
    expect(total).toBe(fileCount);
  });

  it("gives files plausible metadata and objects that download and decrypt", async () => {
    const album = (await client.fetchCollections()).flatMap((entry) =>
      entry.ok ? [entry.collection] : [],
    )[0] as DecryptedCollection;
    const { entries } = await client.fetchCollectionFiles(album);
    const files = entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
    const titles = new Set(files.map((file) => file.metadata.title));
    expect(titles.size).toBeGreaterThan(files.length * 0.9);
    const times = files.map((file) => file.metadata.creationTime);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(365 * 24 * 3600 * 1e6);
    expect(files.some((file) => file.metadata.latitude !== undefined)).toBe(true);
    // Every file's size as shown, as uploads record it; photos of several shapes.
    const shapes = new Set(
      files.map((file) => {
        const { w, h } = file.pubMagicMetadata?.data ?? {};
        return w === undefined || h === undefined ? "none" : (w / h).toFixed(2);
      }),
    );
    expect(shapes).not.toContain("none");
    expect(shapes.size).toBeGreaterThanOrEqual(4);
    const file = files[0];
    if (file === undefined) throw new Error("No file");
    const original = await client.downloadFile(file);
    const thumbnail = await client.downloadThumbnail(file);
    expect(thumbnails.some((made) => Buffer.from(made).equals(thumbnail))).toBe(true);
    expect(thumbnails.some((made) => Buffer.from(made).equals(original))).toBe(true);
  });
});
