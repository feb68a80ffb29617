// An upload run end to end under Node: real media (file-type, exifr, the
// ffmpeg codec of the image tests, ffmpeg.wasm for videos), the real crypto
// pool and a real Cairn server (SQLite, local blobs).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import { UploadPhase } from "../../shared/model/media/upload-outcomes";
import type { UploadProgressSnapshot } from "../../shared/model/media/upload-progress";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import {
  fixtureMediaDir,
  generatedLivePhotoPair,
  generatedVideo,
} from "../../tests/test-support/media";
import { addFiles } from "../library/collection-operations";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../library/node-library-client";
import { createTestImageCodec } from "../media/image/test-support/image-codec";
import { staticThumbnailJPEG } from "../media/image/static-thumbnail";
import { encodeLivePhoto } from "../media/live-photo/live-photo-zip";
import { createUploadMedia } from "../media/upload-media";
import {
  type NodeFFmpegHost,
  fetchFileURL,
  installNodeFFmpegHost,
  nodeFFmpegCore,
} from "../media/video/test-support/node-ffmpeg-host";
import { createVideoProcessor } from "../media/video/video-processor";
import { createUploadAlbums } from "./upload-albums";
import type { PickedFile } from "./upload-contract";
import { type UploadService, createUploadService } from "./upload-service";
import type { OwnedCopy, UploadLibrary } from "./upload-unit";

const fixture = async (name: string, folderPath = ""): Promise<PickedFile> => ({
  file: new File([await readFile(path.join(fixtureMediaDir, name))], name, {
    lastModified: Date.UTC(2024, 0, 2),
  }),
  folderPath,
});

const made = (
  bytes: Uint8Array,
  name: string,
  folderPath = "",
  lastModified = Date.UTC(2024, 0, 2),
) => ({
  file: new File([bytes.slice()], name, { lastModified }),
  folderPath,
});

const namesOf = (list: { name: string }[]) => list.map((entry) => entry.name).sort();

describe("an upload run against a real Cairn", () => {
  let node: NodeCairn;
  let client: NodeLibraryClient;
  let host: NodeFFmpegHost;
  let album: DecryptedCollection;
  const collections: DecryptedCollection[] = [];
  const uploaded: DecryptedFile[] = [];

  const library: UploadLibrary = {
    ownedCopies: (contentKey, fileType) =>
      uploaded
        .filter((file) => file.metadata.hash === contentKey && file.metadata.fileType === fileType)
        .map((file): OwnedCopy => ({
          id: file.id,
          keyB64: file.keyB64,
          collectionID: file.collectionID,
        })),
    uploaded: (file) => {
      uploaded.push(file);
      return Promise.resolve();
    },
    addCopy: (copy, target) => addFiles(client.deps, target, [copy]),
  };

  let service: UploadService;

  beforeAll(async () => {
    host = installNodeFFmpegHost();
    node = await startNodeCairn();
    const account = await node.signUp("upload-run");
    client = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 2,
    });
    album = await client.createCollection({ name: "Holiday", type: "album" });
    collections.push(album);
    service = createUploadService({
      api: client.deps.api,
      pool: client.deps.pool,
      fetch: (input, init) => fetch(input, init),
      library,
      storageLeftBytes: () => Promise.resolve(undefined),
      staticThumbnail: staticThumbnailJPEG(),
      livePhotoZip: (image, video) => encodeLivePhoto({ image, video }),
      media: createUploadMedia({
        codec: createTestImageCodec(),
        video: createVideoProcessor(nodeFFmpegCore, { fetchWasm: fetchFileURL }),
      }),
      albums: () =>
        createUploadAlbums({
          userID: account.userID,
          collections: () =>
            collections.map((collection) => ({
              id: collection.id,
              keyB64: collection.keyB64,
              name: collection.name,
              type: collection.type,
              ownerID: collection.owner.id,
              isHidden: false,
            })),
          createAlbum: async (name) => {
            const created = await client.createCollection({ name, type: "album" });
            collections.push(created);
            return created;
          },
          createUncategorized: async () => {
            const created = await client.createCollection({
              name: "Uncategorized",
              type: "uncategorized",
            });
            collections.push(created);
            return created;
          },
        }),
      nowMs: () => Date.now(),
    });
  }, 120_000);

  afterAll(async () => {
    await client.close();
    await node.close();
    await host.uninstall();
  });

  const filesIn = async (collection: DecryptedCollection) => {
    const { entries } = await client.fetchCollectionFiles(collection);
    return entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
  };

  it("uploads photos, HEIC, a video and a live photo with their metadata, refuses what is not media, and reports every phase", async () => {
    const live = await generatedLivePhotoPair({ baseName: "IMG_0001" });
    const video = await generatedVideo({ creationTime: "2021-06-01T08:00:00Z" });
    const sidecar = JSON.stringify({
      title: "noexif.jpg",
      description: "By the river",
      photoTakenTime: { timestamp: "1500000000" },
      geoData: { latitude: 48.8584, longitude: 2.2945, altitude: 0 },
    });
    const snapshots: UploadProgressSnapshot[] = [];
    const final = await service.upload(
      {
        files: [
          await fixture("IMG_20180725_163423-tiny.jpg"),
          await fixture("heic-single.heic"),
          await fixture("noexif.jpg"),
          made(new TextEncoder().encode(sidecar), "noexif.jpg.json"),
          made(new TextEncoder().encode("not a photo"), "notes.txt"),
          made(video, "clip.mp4"),
          made(live.image.bytes, live.image.name),
          made(live.video.bytes, live.video.name),
        ].map((pick, index) => ({ ...pick, pickID: 101 + index })),
        target: { kind: "album", collectionID: album.id },
      },
      (snapshot) => snapshots.push(snapshot),
    );

    expect(final.phase).toBe(UploadPhase.finish);
    expect(final.overallPercent).toBe(100);
    expect(namesOf(final.results.uploaded)).toEqual(
      [
        "IMG_0001.HEIC",
        "IMG_20180725_163423-tiny.jpg",
        "clip.mp4",
        "heic-single.heic",
        "noexif.jpg",
      ].sort(),
    );
    expect(final.results.unsupported).toEqual([
      expect.objectContaining({
        name: "notes.txt",
        errorKey: "unsupportedFileFormat",
        pickIDs: [105],
      }),
    ]);
    // Each result names the picks behind it: the live photo both of its halves.
    expect(final.results.uploaded.map(({ name, pickIDs }) => [name, pickIDs]).sort()).toEqual(
      [
        ["IMG_20180725_163423-tiny.jpg", [101]],
        ["heic-single.heic", [102]],
        ["noexif.jpg", [103]],
        ["clip.mp4", [106]],
        ["IMG_0001.HEIC", [107, 108]],
      ].sort(),
    );
    expect(final.totalCount).toBe(6);
    const phases = [...new Set(snapshots.map((snapshot) => snapshot.phase))];
    expect(phases).toEqual(
      [
        UploadPhase.start,
        UploadPhase.readingMetadataFiles,
        UploadPhase.extractingMetadata,
        UploadPhase.uploading,
        UploadPhase.finish,
      ].filter((phase) => phases.includes(phase)),
    );
    expect(phases.at(-1)).toBe(UploadPhase.finish);

    const byTitle = new Map((await filesIn(album)).map((file) => [file.metadata.title, file]));
    // Each result names the file it made.
    for (const { name, fileID } of final.results.uploaded) {
      expect(fileID).toBeTypeOf("number");
      expect(fileID).toBe(byTitle.get(name)?.id);
    }
    // EXIF: the phone photo's place and time (read as local wall-clock time).
    const phone = byTitle.get("IMG_20180725_163423-tiny.jpg")?.metadata;
    expect(phone?.fileType).toBe(FileType.image);
    expect(phone?.creationTime).toBe(new Date(2018, 6, 25, 16, 34, 23).getTime() * 1000);
    expect(phone?.latitude).toBeCloseTo(50.2996027777778, 9);
    expect(phone?.longitude).toBeCloseTo(14.8202944444444, 9);
    // The Takeout sidecar wins for the photo without EXIF.
    expect(byTitle.get("noexif.jpg")?.metadata).toMatchObject({
      creationTime: 1_500_000_000_000_000,
      latitude: 48.8584,
      longitude: 2.2945,
    });
    expect(byTitle.get("noexif.jpg")?.pubMagicMetadata?.data).toMatchObject({
      caption: "By the river",
    });
    // The container's creation time and duration.
    const clip = byTitle.get("clip.mp4")?.metadata;
    expect(clip?.fileType).toBe(FileType.video);
    expect(clip?.creationTime).toBe(Date.parse("2021-06-01T08:00:00Z") * 1000);
    expect(clip?.duration).toBeCloseTo(2, 1);
    // The live photo: one file of type 2, a zip of its two halves.
    const livePhoto = byTitle.get("IMG_0001.HEIC");
    expect(livePhoto?.metadata.fileType).toBe(FileType.livePhoto);
    expect(livePhoto?.metadata.imageHash).toBeTypeOf("string");
    expect(livePhoto?.metadata.videoHash).toBeTypeOf("string");
    expect(byTitle.has("IMG_0001.MOV")).toBe(false);
  }, 180_000);

  it("reports a second upload of the same files as already uploaded, and adds them to a new folder album without re-uploading", async () => {
    const again = await service.upload(
      { files: [await fixture("noexif.jpg")], target: { kind: "album", collectionID: album.id } },
      () => undefined,
    );
    expect(namesOf(again.results["already-uploaded"])).toEqual(["noexif.jpg"]);
    const noexif = (await filesIn(album)).find((file) => file.metadata.title === "noexif.jpg");
    expect(again.results["already-uploaded"][0]?.fileID).toBe(noexif?.id);

    const perFolder = await service.upload(
      {
        files: [
          await fixture("noexif.jpg", "Trip/Paris"),
          await fixture("Bush-dog.jpg", "Trip/Zoo"),
        ],
        target: { kind: "album-per-folder" },
      },
      () => undefined,
    );
    expect(namesOf(perFolder.results["added-symlink"])).toEqual(["noexif.jpg"]);
    expect(perFolder.results["added-symlink"][0]?.fileID).toBe(noexif?.id);
    expect(namesOf(perFolder.results.uploaded)).toEqual(["Bush-dog.jpg"]);
    const paris = collections.find((collection) => collection.name === "Paris");
    const zoo = collections.find((collection) => collection.name === "Zoo");
    expect(paris).toBeDefined();
    expect(zoo).toBeDefined();
    if (paris === undefined || zoo === undefined) return;
    expect((await filesIn(paris)).map((file) => file.metadata.title)).toEqual(["noexif.jpg"]);
    expect((await filesIn(zoo)).map((file) => file.metadata.title)).toEqual(["Bush-dog.jpg"]);
  }, 120_000);

  it("puts files sent to no album into the user's uncategorized collection, made once", async () => {
    const first = await service.upload(
      { files: [await fixture("png_with_exif_and_gps.png")], target: { kind: "library" } },
      () => undefined,
    );
    expect(namesOf(first.results.uploaded)).toEqual(["png_with_exif_and_gps.png"]);
    const second = await service.upload(
      { files: [await fixture("heic-iphone7.heic")], target: { kind: "library" } },
      () => undefined,
    );
    expect(namesOf(second.results.uploaded)).toEqual(["heic-iphone7.heic"]);
    const uncategorized = collections.filter((collection) => collection.type === "uncategorized");
    expect(uncategorized).toHaveLength(1);
    const [library] = uncategorized;
    if (library === undefined) return;
    expect((await filesIn(library)).map((file) => file.metadata.title).sort()).toEqual([
      "heic-iphone7.heic",
      "png_with_exif_and_gps.png",
    ]);
  }, 120_000);

  it("gives an edited copy its original's time, place and caption, over the copy's own EXIF", async () => {
    // See: [Note: An edited copy keeps its original's moment]
    const original = { creationTimeUs: 1_600_000_000_000_000, editedTimeUs: 1_600_000_100_000_000 };
    // New bytes, as an edit's are (a byte after the JPEG's end changes no pixel).
    const edited = new Uint8Array([
      ...(await readFile(path.join(fixtureMediaDir, "Bush-dog.jpg"))),
      0,
    ]);
    const final = await service.upload(
      {
        files: [
          {
            file: new File([edited], "Bush-dog-edited.jpg", { type: "image/jpeg" }),
            folderPath: "",
            copyOf: { ...original, latitude: 47.3769, longitude: 8.5417, caption: "At the zoo" },
          },
        ],
        target: { kind: "album", collectionID: album.id },
      },
      () => undefined,
    );
    expect(namesOf(final.results.uploaded)).toEqual(["Bush-dog-edited.jpg"]);
    const copy = (await filesIn(album)).find(
      (file) => file.metadata.title === "Bush-dog-edited.jpg",
    );
    expect(final.results.uploaded[0]?.fileID).toBe(copy?.id);
    expect(copy?.metadata).toMatchObject({
      creationTime: original.creationTimeUs,
      latitude: 47.3769,
      longitude: 8.5417,
    });
    expect(copy?.pubMagicMetadata?.data).toMatchObject({
      editedTime: original.editedTimeUs,
      caption: "At the zoo",
    });
  }, 120_000);

  it("joins a request made during a run, and a cancel drops what is not registered", async () => {
    const first = service.upload(
      { files: [await fixture("canon-dslr.jpg")], target: { kind: "new-album", name: "Joined" } },
      () => undefined,
    );
    const second = service.upload(
      { files: [await fixture("door-knocker.jpg")], target: { kind: "new-album", name: "Joined" } },
      () => undefined,
    );
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(namesOf(a.results.uploaded)).toEqual(["canon-dslr.jpg", "door-knocker.jpg"]);
    expect(collections.filter((collection) => collection.name === "Joined")).toHaveLength(1);

    const cancelled = service.upload(
      {
        files: [await fixture("issue-exifr-4.jpg"), await fixture("f6t.jpg")],
        target: { kind: "album", collectionID: album.id },
      },
      () => undefined,
    );
    service.cancel();
    const end = await cancelled;
    expect(end.cancelled).toBe(true);
    expect(end.phase).toBe(UploadPhase.finish);
    expect(end.results.failed).toEqual([]);
    const titles = (await filesIn(album)).map((file) => file.metadata.title);
    expect(end.totalCount).toBe(
      titles.filter((title) => title === "f6t.jpg" || title === "issue-exifr-4.jpg").length,
    );
    expect(service.running).toBe(false);
  }, 120_000);
});
