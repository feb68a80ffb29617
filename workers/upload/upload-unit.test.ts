import { readFile } from "node:fs/promises";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashBytesB64 } from "../../shared/crypto/hash";
import { randomTestBytes } from "../../shared/crypto/test-support/test-bytes";
import { FileType } from "../../shared/model/library/file-metadata";
import { UploadResult } from "../../shared/model/media/upload-outcomes";
import { fixtureMediaDir } from "../../tests/test-support/media";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { type CollectionRef, addFiles } from "../library/collection-operations";
import { type ShareRole, shareAlbum } from "../library/sharing-operations";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import type { LibraryDeps } from "../library/library-deps";
import { type NodeLibraryClient, createNodeLibraryClient } from "../library/node-library-client";
import { createStorageAllowance, unknownStorage } from "./storage-allowance";
import {
  type OwnedCopy,
  type UploadLibrary,
  type UploadUnit,
  type UploadUnitDeps,
  processUploadUnit,
} from "./upload-unit";

/** The test's library: what the units registered, as the sync worker's index would hold it. */
class RecordingLibrary implements UploadLibrary {
  readonly files: DecryptedFile[] = [];
  readonly adds: { fileID: number; collectionID: number }[] = [];
  ownedCopies(contentKey: string, fileType: FileType): readonly OwnedCopy[] {
    return this.files
      .filter((file) => file.metadata.hash === contentKey && file.metadata.fileType === fileType)
      .flatMap((file) => [
        { id: file.id, keyB64: file.keyB64, collectionID: file.collectionID },
        ...this.adds
          .filter((add) => add.fileID === file.id)
          .map(({ collectionID }) => ({ id: file.id, keyB64: file.keyB64, collectionID })),
      ]);
  }
  uploaded(file: DecryptedFile): Promise<void> {
    this.files.push(file);
    return Promise.resolve();
  }
  constructor(private readonly deps: () => LibraryDeps) {}
  async addCopy(copy: OwnedCopy, target: CollectionRef): Promise<void> {
    await addFiles(this.deps(), target, [copy]);
    this.adds.push({ fileID: copy.id, collectionID: target.id });
  }
}

/** The one value a test expects to be there. */
const present = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
};

describe("processUploadUnit against a real Cairn (SQLite, local blobs)", () => {
  let node: NodeCairn;
  let client: NodeLibraryClient;
  let albumA: DecryptedCollection;
  let albumB: DecryptedCollection;
  let photo: Uint8Array;
  let thumbnailJPEG: Uint8Array;
  let library: RecordingLibrary;
  let nextID = 1;
  let accountEmail: string;

  const depsWith = (overrides: Partial<UploadUnitDeps> = {}): UploadUnitDeps => ({
    api: client.deps.api,
    pool: client.deps.pool,
    fetch: (input, init) => fetch(input, init),
    library,
    storage: unknownStorage(),
    thumbnail: () => Promise.resolve(thumbnailJPEG.slice()),
    staticThumbnail: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    livePhotoZip: async (image, video) => {
      const zip = new JSZip();
      zip.file(image.name, await image.blob.arrayBuffer());
      zip.file(video.name, await video.blob.arrayBuffer());
      return zip.generateAsync({ type: "blob" });
    },
    ...overrides,
  });

  const photoUnit = (target: DecryptedCollection, bytes: Uint8Array, name: string): UploadUnit => ({
    id: nextID++,
    name,
    fileType: FileType.image,
    parts: [{ blob: new Blob([bytes.slice()]), name }],
    metadata: {
      title: name,
      creationTime: 1_532_528_063_000_000,
      modificationTime: 1_600_000_000_000_000,
      fileType: FileType.image,
      latitude: 46.5,
      longitude: 6.6,
    },
    pubMagicMetadata: { w: 4032, h: 3024 },
    target: { id: target.id, keyB64: target.keyB64 },
  });

  const context = (sent: number[] = []) => ({
    signal: new AbortController().signal,
    onSent: (bytes: number) => {
      sent.push(bytes);
    },
  });

  const filesIn = async (collection: DecryptedCollection) => {
    const { entries } = await client.fetchCollectionFiles(collection);
    return entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
  };

  beforeAll(async () => {
    node = await startNodeCairn();
    const account = await node.signUp("upload-unit");
    accountEmail = account.email;
    client = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 2,
    });
    albumA = await client.createCollection({ name: "A", type: "album" });
    albumB = await client.createCollection({ name: "B", type: "album" });
    photo = new Uint8Array(
      await readFile(path.join(fixtureMediaDir, "IMG_20180725_163423-tiny.jpg")),
    );
    thumbnailJPEG = new Uint8Array(await readFile(path.join(fixtureMediaDir, "f6t.jpg")));
  });

  afterAll(async () => {
    await client.close();
    await node.close();
  });

  it("uploads a new photo with its hash, metadata and thumbnail, and reports its bytes", async () => {
    library = new RecordingLibrary(() => client.deps);
    const sent: number[] = [];
    const outcome = await processUploadUnit(
      depsWith(),
      photoUnit(albumA, photo, "IMG_1.jpg"),
      context(sent),
    );
    expect(sent.at(-1)).toBe(photo.length);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));

    const [remote] = await filesIn(albumA);
    expect(outcome).toEqual({ result: UploadResult.uploaded, fileID: remote?.id });
    expect(remote?.metadata).toMatchObject({
      title: "IMG_1.jpg",
      fileType: FileType.image,
      hash: await hashBytesB64(photo),
      latitude: 46.5,
    });
    expect(remote?.pubMagicMetadata?.data).toMatchObject({ w: 4032, h: 3024 });
    expect(await client.downloadFile(present(remote, "uploaded file"))).toEqual(photo);
    expect(await client.downloadThumbnail(present(remote, "uploaded file"))).toEqual(thumbnailJPEG);
    expect(library.files.map((file) => file.id)).toEqual([remote?.id]);
  });

  it("finds the same content already in the album (whatever its name), and adds it to another album without uploading", async () => {
    const before = (await filesIn(albumA)).length;
    const existingID = library.files[0]?.id;
    expect(
      await processUploadUnit(depsWith(), photoUnit(albumA, photo, "renamed.jpg"), context()),
    ).toEqual({ result: UploadResult.alreadyUploaded, fileID: existingID });
    expect(await filesIn(albumA)).toHaveLength(before);

    expect(
      await processUploadUnit(depsWith(), photoUnit(albumB, photo, "IMG_1.jpg"), context()),
    ).toEqual({ result: UploadResult.addedSymlink, fileID: existingID });
    const [inB] = await filesIn(albumB);
    expect(inB?.id).toBe(existingID);
    expect(await client.downloadFile(present(inB, "file in B"))).toEqual(photo);
    expect(library.files).toHaveLength(1);
  });

  it("uploads with the static thumbnail when none can be made", async () => {
    const deps = depsWith({ thumbnail: () => Promise.reject(new Error("cannot draw")) });
    const bytes = randomTestBytes(50_000);
    const outcome = await processUploadUnit(deps, photoUnit(albumA, bytes, "raw.dng"), context());
    const uploaded = (await filesIn(albumA)).find((file) => file.metadata.title === "raw.dng");
    expect(outcome).toEqual({
      result: UploadResult.uploadedWithStaticThumbnail,
      fileID: uploaded?.id,
    });
    expect(await client.downloadThumbnail(present(uploaded, "uploaded file"))).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    );
  });

  it("uploads a live photo as one zip carrying both halves' hashes", async () => {
    const image = randomTestBytes(30_000);
    const video = randomTestBytes(80_000);
    const unit: UploadUnit = {
      ...photoUnit(albumA, image, "IMG_0001.HEIC"),
      fileType: FileType.livePhoto,
      parts: [
        { blob: new Blob([image]), name: "IMG_0001.HEIC" },
        { blob: new Blob([video]), name: "IMG_0001.MOV" },
      ],
    };
    const outcome = await processUploadUnit(depsWith(), unit, context());
    const live = (await filesIn(albumA)).find(
      (file) => file.metadata.fileType === FileType.livePhoto,
    );
    expect(outcome).toEqual({ result: UploadResult.uploaded, fileID: live?.id });
    const [imageHash, videoHash] = [await hashBytesB64(image), await hashBytesB64(video)];
    expect(live?.metadata).toMatchObject({
      imageHash,
      videoHash,
      hash: `${imageHash}:${videoHash}`,
    });
    const zip = await JSZip.loadAsync(await client.downloadFile(present(live, "live photo")));
    expect(
      new Uint8Array(
        await present(zip.file("IMG_0001.MOV") ?? undefined, "video entry").async("uint8array"),
      ),
    ).toEqual(video);
  });

  it("refuses a file larger than the storage left without sending it", async () => {
    let served = 0;
    const deps = depsWith({
      storage: createStorageAllowance(1_000),
      fetch: (input, init) => {
        served += 1;
        return fetch(input, init);
      },
    });
    expect(
      await processUploadUnit(
        deps,
        photoUnit(albumA, randomTestBytes(2_000), "big.jpg"),
        context(),
      ),
    ).toEqual({
      result: UploadResult.largerThanAvailableStorage,
      errorKey: "storageQuotaExceeded",
    });
    expect(served).toBe(0);
  });

  it("lets two files that each fit but not together through one at a time", async () => {
    const storage = createStorageAllowance(3_000);
    const outcomes = await Promise.all([
      processUploadUnit(
        depsWith({ storage }),
        photoUnit(albumA, randomTestBytes(2_000), "one.jpg"),
        context(),
      ),
      processUploadUnit(
        depsWith({ storage }),
        photoUnit(albumA, randomTestBytes(2_000), "two.jpg"),
        context(),
      ),
    ]);
    expect(outcomes.map((outcome) => outcome.result).sort()).toEqual(
      [UploadResult.uploaded, UploadResult.largerThanAvailableStorage].sort(),
    );
    expect(storage.leftBytes()).toBe(1_000);
  });

  it("reports a copy of a file the user has as such even with no storage left", async () => {
    const bytes = randomTestBytes(1_500);
    const storage = createStorageAllowance(2_000);
    const first = await processUploadUnit(
      depsWith({ storage }),
      photoUnit(albumA, bytes, "kept.jpg"),
      context(),
    );
    const again = await processUploadUnit(
      depsWith({ storage }),
      photoUnit(albumA, bytes, "kept copy.jpg"),
      context(),
    );
    expect([first.result, again.result]).toEqual([
      UploadResult.uploaded,
      UploadResult.alreadyUploaded,
    ]);
    expect(storage.leftBytes()).toBe(500);
  });

  describe("into an album shared with the user", () => {
    let owner: NodeLibraryClient;
    let uncategorized: DecryptedCollection;

    /** An album of the owner's, shared with the test's account, as the test's account opens it. */
    const sharedAlbum = async (name: string, role: ShareRole) => {
      const album = await owner.createCollection({ name, type: "album" });
      await shareAlbum(owner.deps, album, accountEmail, role);
      const opened = (await client.fetchCollections()).find(
        (entry) => entry.ok && entry.collection.id === album.id,
      );
      if (opened === undefined || !opened.ok) throw new Error(`no shared album ${name}`);
      return { asOwner: album, asSharee: opened.collection };
    };
    beforeAll(async () => {
      const ownerAccount = await node.signUp("upload-unit-owner");
      owner = await createNodeLibraryClient({
        apiOrigin: node.apiOrigin,
        token: ownerAccount.token,
        userID: ownerAccount.userID,
        accountKeys: ownerAccount.accountKeys,
        poolSize: 1,
      });
      uncategorized = await client.createCollection({
        name: "Uncategorized",
        type: "uncategorized",
      });
    });

    afterAll(async () => {
      await owner.close();
    });

    it("registers a collaborator's photo in their library, then adds it to the album the owner sees", async () => {
      library = new RecordingLibrary(() => client.deps);
      const { asOwner, asSharee } = await sharedAlbum("Ski trip", "COLLABORATOR");
      const bytes = randomTestBytes(40_000);
      const unit: UploadUnit = {
        ...photoUnit(asSharee, bytes, "slope.jpg"),
        target: {
          id: asSharee.id,
          keyB64: asSharee.keyB64,
          registerIn: { id: uncategorized.id, keyB64: uncategorized.keyB64 },
        },
      };
      const outcome = await processUploadUnit(depsWith(), unit, context());

      const [mine] = await filesIn(uncategorized);
      expect(outcome).toEqual({ result: UploadResult.uploaded, fileID: mine?.id });
      const { entries } = await owner.fetchCollectionFiles(asOwner);
      const [theirs] = entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
      expect(theirs?.id).toBe(mine?.id);
      expect(await owner.downloadFile(present(theirs, "file in the shared album"))).toEqual(bytes);
      // The gallery shows it in both at once.
      expect(library.files.map((file) => file.collectionID).sort()).toEqual(
        [uncategorized.id, asSharee.id].sort(),
      );

      // Picked again: it is already there.
      expect(await processUploadUnit(depsWith(), unit, context())).toEqual({
        result: UploadResult.alreadyUploaded,
        fileID: mine?.id,
      });
    });

    it("keeps the photo in the user's library when the album refuses it (a viewer's role)", async () => {
      library = new RecordingLibrary(() => client.deps);
      const { asOwner, asSharee } = await sharedAlbum("Party", "VIEWER");
      const bytes = randomTestBytes(20_000);
      const unit: UploadUnit = {
        ...photoUnit(asSharee, bytes, "cake.jpg"),
        target: {
          id: asSharee.id,
          keyB64: asSharee.keyB64,
          registerIn: { id: uncategorized.id, keyB64: uncategorized.keyB64 },
        },
      };
      await expect(processUploadUnit(depsWith(), unit, context())).rejects.toThrow();
      const mine = await filesIn(uncategorized);
      const kept = mine.find((file) => file.metadata.title === "cake.jpg");
      expect(await client.downloadFile(present(kept, "kept file"))).toEqual(bytes);
      const { entries } = await owner.fetchCollectionFiles(asOwner);
      expect(entries.filter((entry) => entry.kind === "file")).toEqual([]);
    });
  });
});
