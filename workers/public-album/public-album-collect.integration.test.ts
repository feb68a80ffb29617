// A collecting link against a real Cairn (SQLite, local blobs), as a
// visitor's browser runs it: the visitor adds photos under a name, sees them
// in the album at once, and the owner finds them in their library as their
// own files with the visitor's name (decrypted only by them); a copy of an
// album photo is "already uploaded"; a link that stops collecting refuses.
// Then what changes while the page is open (a refresh sees the owner's new
// photo and a disabled link), the password kept across a reload (and asked
// again once the owner changes it), and a logged-in visitor joining.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomTestBytes } from "../../shared/crypto/test-support/test-bytes";
import { FileType } from "../../shared/model/library/file-metadata";
import { UploadPhase, UploadResult } from "../../shared/model/media/upload-outcomes";
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
import { uploadTestFile } from "../sync/test-support/library";
import { publicLinkUploadEndpoints } from "../upload/upload-endpoints";
import { uploadFile } from "../upload/upload-file";
import { type DeviceTokenStore, memoryDeviceTokens } from "./device-tokens";
import { createPublicLinkApi } from "./public-album-api";
import type { PublicAlbumUpdate } from "./public-album-contract";
import type { PublicAlbumService } from "./public-album-service";
import { createTestVisitor } from "./test-support/visitor";

let nodeCairn: NodeCairn;
let pool: NodeCryptoPool;
let owner: NodeAccount;
let client: NodeLibraryClient;
let album: DecryptedCollection;
let link: URL;
let photo: Uint8Array;

beforeAll(async () => {
  nodeCairn = await startNodeCairn();
  pool = await createNodeCryptoPool({ size: 2 });
  owner = await nodeCairn.signUp("collector");
  client = await createNodeLibraryClient({
    apiOrigin: nodeCairn.apiOrigin,
    token: owner.token,
    userID: owner.userID,
    accountKeys: owner.accountKeys,
    poolSize: 1,
  });
  album = await client.createCollection({ name: "Wedding", type: "album" });
  await uploadTestFile(client, album, "cake.jpg", await generatedJpeg(1));
  const created = await createAlbumLink(client.deps, album.id, {
    enableCollect: true,
    enableJoin: true,
  });
  link = new URL(linkWithKey(created.url, album.keyB64));
  photo = await generatedJpeg(7);
}, 240_000);

afterAll(async () => {
  await client.close();
  await pool.terminate();
  await nodeCairn.close();
});

let browserCount = 0;

const visitor = (deviceTokens?: DeviceTokenStore): PublicAlbumService =>
  createTestVisitor({
    apiOrigin: nodeCairn.apiOrigin,
    pool,
    userAgent: `guest-browser-${String(++browserCount)}`,
    deviceTokens,
    uploads: true,
  });

const titlesOf = (service: PublicAlbumService) => {
  const snapshot = service.openView(album.id);
  return service
    .viewWindow(album.id, 0, snapshot.totalCount)
    .items.map(({ title }) => title)
    .sort();
};

/** The owner's files of the album, as their own library decrypts them. */
const ownersFiles = async () => {
  const { entries } = await client.fetchCollectionFiles(album);
  return entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
};

const jpegFile = (bytes: Uint8Array, name: string) => ({
  file: new File([bytes.slice()], name, { type: "image/jpeg", lastModified: 1_700_000_000_000 }),
  folderPath: "",
});

/** The next update the service tells its listener. */
const nextUpdate = (service: PublicAlbumService) =>
  new Promise<PublicAlbumUpdate>((resolve) => {
    service.watch(resolve);
  });

describe("a collecting link", () => {
  it("takes a visitor's photos under their name, shows them at once, and gives them to the owner", async () => {
    const browser = memoryDeviceTokens();
    const service = visitor(browser);
    expect(await service.open(link.search, link.hash)).toMatchObject({
      kind: "ready",
      album: { enableCollect: true, enableJoin: true, fileCount: 1 },
    });
    const told = nextUpdate(service);
    const final = await service.upload(
      {
        files: [jpegFile(photo, "first-dance.jpg")],
        target: { kind: "album", collectionID: album.id },
        uploaderName: "Aunt Maria",
      },
      () => undefined,
    );
    expect(final.phase).toBe(UploadPhase.finish);
    expect(final.results[UploadResult.uploaded].map(({ name }) => name)).toEqual([
      "first-dance.jpg",
    ]);

    // The visitor's view has it without reloading, and the page is told.
    expect(titlesOf(service)).toEqual(["cake.jpg", "first-dance.jpg"]);
    expect(await told).toMatchObject({
      kind: "ready",
      album: { fileCount: 2 },
      snapshot: { totalCount: 2 },
    });
    const added = service
      .viewWindow(album.id, 0, 2)
      .items.find(({ title }) => title === "first-dance.jpg");
    expect(service.fileDetails(added?.id ?? 0)).toMatchObject({ uploaderName: "Aunt Maria" });

    // The owner's library: the owner's file, the name decrypted with its key.
    const mine = (await ownersFiles()).find((file) => file.metadata.title === "first-dance.jpg");
    expect(mine?.ownerID).toBe(owner.userID);
    expect(mine?.pubMagicMetadata?.data.uploaderName).toBe("Aunt Maria");

    // A reload of the same browser offers the name again; another browser does not.
    expect(await visitor(browser).open(link.search, link.hash)).toMatchObject({
      kind: "ready",
      album: { uploaderName: "Aunt Maria" },
    });
    const elsewhere = await visitor().open(link.search, link.hash);
    expect(elsewhere.kind === "ready" ? elsewhere.album.uploaderName : "?").toBeUndefined();
  });

  it("says a photo the album already has is already uploaded, and refuses once the link stops collecting", async () => {
    const service = visitor();
    await service.open(link.search, link.hash);
    const again = await service.upload(
      {
        files: [jpegFile(photo, "renamed-copy.jpg")],
        target: { kind: "album", collectionID: album.id },
        uploaderName: "Uncle Joe",
      },
      () => undefined,
    );
    expect(again.results[UploadResult.alreadyUploaded].map(({ name }) => name)).toEqual([
      "renamed-copy.jpg",
    ]);
    expect((await ownersFiles()).length).toBe(2);

    await updateAlbumLink(client.deps, album.id, { enableCollect: false });
    // The page open before the change learns it on its next refresh…
    const told = nextUpdate(service);
    await service.refresh();
    expect(await told).toMatchObject({ kind: "ready", album: { enableCollect: false } });
    await expect(
      service.upload(
        {
          files: [jpegFile(await generatedJpeg(9), "late.jpg")],
          target: { kind: "album", collectionID: album.id },
        },
        () => undefined,
      ),
    ).rejects.toThrow(expect.objectContaining({ name: "CollectNotAllowedError" }) as Error);
    // (The server refuses the upload URLs too, 405 PUBLIC_COLLECT_DISABLED: the authorization matrix.)
    expect((await ownersFiles()).length).toBe(2);
    await updateAlbumLink(client.deps, album.id, { enableCollect: true });
  });
});

describe("a visitor's large file", () => {
  it("goes up in parts through the link's multipart URLs, and the owner gets it whole", async () => {
    const sizeBytes = 17 * 1024 * 1024 + 123;
    const bytes = randomTestBytes(sizeBytes);
    const linkClient = createPublicLinkApi(
      {
        apiOrigin: nodeCairn.apiOrigin,
        clientPackage: "io.cairn.photos.web",
        fetch: (url, init) => fetch(url, init),
        deviceTokens: memoryDeviceTokens(),
      },
      link.searchParams.get("t") ?? "",
    );
    const sent: string[] = [];
    const uploaded = await uploadFile(
      {
        api: linkClient.api,
        pool,
        fetch: (url, init) => {
          sent.push(init.method ?? "GET");
          return fetch(url, init);
        },
        endpoints: publicLinkUploadEndpoints,
      },
      {
        collection: { id: album.id, keyB64: album.keyB64 },
        file: new Blob([bytes.slice()]),
        thumbnail: await generatedJpeg(12, 96),
        metadata: {
          title: "reception.mov",
          creationTime: 1_700_000_000_000_000,
          modificationTime: 1_700_000_000_000_000,
          fileType: FileType.video,
        },
        pubMagicMetadata: { uploaderName: "Cousin Ana" },
        // Two 4 MiB chunks a part: five chunks make three parts.
        chunksPerPart: 2,
      },
    );
    expect(uploaded.remote.ownerID).toBe(owner.userID);
    // Three parts and the thumbnail PUT, one POST completing the upload.
    expect(sent.sort()).toEqual(["POST", "PUT", "PUT", "PUT", "PUT"]);

    const mine = (await ownersFiles()).find((file) => file.id === uploaded.file.id);
    expect(mine?.pubMagicMetadata?.data.uploaderName).toBe("Cousin Ana");
    const original = await client.downloadFile(mine ?? uploaded.file);
    expect(original.length).toBe(sizeBytes);
    expect(Buffer.compare(Buffer.from(original), Buffer.from(bytes))).toBe(0);
  });
});

describe("while the page is open", () => {
  it("sees the owner's new photo on a refresh, and hears when the link is disabled", async () => {
    const service = visitor();
    await service.open(link.search, link.hash);
    const before = titlesOf(service);
    await uploadTestFile(client, album, "speech.jpg", await generatedJpeg(11));
    const told = nextUpdate(service);
    await service.refresh();
    expect(await told).toMatchObject({ kind: "ready", album: { fileCount: before.length + 1 } });
    expect(titlesOf(service)).toContain("speech.jpg");

    await disableAlbumLink(client.deps, album.id);
    const gone = nextUpdate(service);
    await service.refresh();
    expect(await gone).toEqual({ kind: "failed", failure: "link-expired" });

    const created = await createAlbumLink(client.deps, album.id, {
      enableCollect: true,
      enableJoin: true,
    });
    link = new URL(linkWithKey(created.url, album.keyB64));
  });
});

describe("a link with a password", () => {
  it("asks it once per browser, and again after the owner changes it", async () => {
    await updateAlbumLink(client.deps, album.id, { password: "bouquet" });
    const browser = memoryDeviceTokens();
    const first = visitor(browser);
    expect(await first.open(link.search, link.hash)).toEqual({ kind: "password-required" });
    expect((await first.verifyPassword("bouquet")).kind).toBe("ready");

    // A reload of the same browser opens at once.
    expect((await visitor(browser).open(link.search, link.hash)).kind).toBe("ready");

    await updateAlbumLink(client.deps, album.id, { password: "confetti" });
    const reloaded = visitor(browser);
    expect(await reloaded.open(link.search, link.hash)).toEqual({ kind: "password-required" });
    expect((await reloaded.verifyPassword("confetti")).kind).toBe("ready");
    await updateAlbumLink(client.deps, album.id, { password: null });
  });
});

describe("joining", () => {
  it("adds the album to a logged-in visitor's library, and sends the owner to their own album", async () => {
    const guest = await nodeCairn.signUp("wedding-guest");
    const service = visitor();
    await service.open(link.search, link.hash);
    expect(
      await service.join({
        userID: guest.userID,
        authToken: guest.token,
        publicKeyB64: guest.accountKeys.publicKeyB64,
      }),
    ).toEqual({ kind: "joined", collectionID: album.id });

    const guestClient = await createNodeLibraryClient({
      apiOrigin: nodeCairn.apiOrigin,
      token: guest.token,
      userID: guest.userID,
      accountKeys: guest.accountKeys,
      poolSize: 1,
    });
    try {
      const collections = await guestClient.fetchCollections();
      const joined = collections.find((entry) => entry.ok && entry.collection.id === album.id);
      // The sealed key opens with the guest's own key pair: the name decrypts.
      expect(joined?.ok === true ? joined.collection.name : undefined).toBe("Wedding");
      const sharees = await client.fetchCollections();
      const mine = sharees.find((entry) => entry.ok && entry.collection.id === album.id);
      // A collecting link makes a collaborator.
      expect(mine?.ok === true ? mine.collection.sharees : []).toEqual([
        expect.objectContaining({ id: guest.userID, role: "COLLABORATOR" }),
      ]);
    } finally {
      await guestClient.close();
    }

    expect(
      await service.join({
        userID: owner.userID,
        authToken: owner.token,
        publicKeyB64: owner.accountKeys.publicKeyB64,
      }),
    ).toEqual({ kind: "own-album", collectionID: album.id });
    expect(
      await service.join({
        userID: guest.userID,
        authToken: "not-a-session",
        publicKeyB64: guest.accountKeys.publicKeyB64,
      }),
    ).toEqual({ kind: "session-expired" });
  });
});
