// A small real library for the sync tests (Node and Chromium): albums of real
// photos from ../shared/fixtures and generated files, a hidden album, a
// caption, a location and a trashed file, uploaded through the Node library
// client exactly as the web app uploads. It remembers every name and caption
// so that a test can scan a local database for plaintext.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { FileType } from "../../../shared/model/library/file-metadata";
import {
  fixtureMediaDir,
  generatedJpeg,
  generatedLivePhoto,
  generatedMp4,
  generatedMp4Thumbnail,
  thumbnailOf,
} from "../../../tests/test-support/media";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { NodeLibraryClient } from "../../library/node-library-client";

export { fixtureMediaDir };

const fixturePhotos = [
  "canon-dslr.jpg",
  "IMG_20180725_163423-tiny.jpg",
  "door-knocker.jpg",
  "Bush-dog.jpg",
  "noexif.jpg",
  "png_with_exif_and_gps.png",
  "heic-single.heic",
] as const;

export interface TestLibrary {
  photos: DecryptedCollection;
  generated: DecryptedCollection;
  hidden: DecryptedCollection;
  /** Files by collection ID, as uploaded (trashed ones excluded). */
  filesByCollection: Map<number, DecryptedFile[]>;
  /** A file of `generated` that is in the trash. */
  trashed: DecryptedFile;
  /** Every album name, file name and caption: none may appear in a local database. */
  secrets: string[];
  /** With `withMedia`: a video and a live photo in `photos`. */
  video?: DecryptedFile | undefined;
  livePhoto?: DecryptedFile | undefined;
}

const baseTimeUs = 1_560_000_000_000_000;

export interface TestLibraryOptions {
  /** Generated (random-byte) files in the `generated` album. */
  generatedCount?: number;
  /** A suffix that makes names unique across tests. */
  label?: string;
  /** Also a video and a live photo (generated with ffmpeg) in `photos`. */
  withMedia?: boolean;
}

/** Uploads a file with a name and optional caption, location and camera into `collection`. */
export const uploadTestFile = async (
  client: NodeLibraryClient,
  collection: DecryptedCollection,
  title: string,
  bytes: Uint8Array,
  extra: {
    caption?: string;
    latitude?: number;
    longitude?: number;
    creationTimeUs?: number;
    /** A real JPEG thumbnail; a generated one by default. */
    thumbnail?: Uint8Array;
    fileType?: FileType;
    durationSec?: number;
    /** The camera, as the upload keeps it from EXIF Make and Model. */
    cameraMake?: string;
    cameraModel?: string;
  } = {},
): Promise<DecryptedFile> => {
  const pubMagicMetadata = {
    ...(extra.caption === undefined ? {} : { caption: extra.caption }),
    ...(extra.cameraMake === undefined ? {} : { cameraMake: extra.cameraMake }),
    ...(extra.cameraModel === undefined ? {} : { cameraModel: extra.cameraModel }),
  };
  const { file } = await client.upload({
    collection,
    file: bytes,
    thumbnail: extra.thumbnail ?? (await generatedJpeg(title.length, 96)),
    metadata: {
      title,
      creationTime: extra.creationTimeUs ?? baseTimeUs,
      modificationTime: extra.creationTimeUs ?? baseTimeUs,
      fileType: extra.fileType ?? FileType.image,
      ...(extra.durationSec === undefined ? {} : { duration: extra.durationSec }),
      ...(extra.latitude === undefined ? {} : { latitude: extra.latitude }),
      ...(extra.longitude === undefined ? {} : { longitude: extra.longitude }),
    },
    ...(Object.keys(pubMagicMetadata).length === 0 ? {} : { pubMagicMetadata }),
  });
  return file;
};

/** A small real JPEG standing for a generated file (distinct per index). */
const generatedBytes = (index: number): Promise<Uint8Array> => generatedJpeg(index);

export const buildTestLibrary = async (
  client: NodeLibraryClient,
  { generatedCount = 30, label = "", withMedia = false }: TestLibraryOptions = {},
): Promise<TestLibrary> => {
  const secrets: string[] = [];
  const name = (base: string) => {
    const full = `${base}${label}`;
    secrets.push(full);
    return full;
  };
  const photos = await client.createCollection({ name: name("Lisbon trip"), type: "album" });
  const generated = await client.createCollection({ name: name("Scanned letters"), type: "album" });
  const hiddenAlbum = await client.createCollection({
    name: name("Private drawer"),
    type: "album",
  });
  const hidden = await client.setCollectionHidden(hiddenAlbum, true);

  const filesByCollection = new Map<number, DecryptedFile[]>();
  const add = (file: DecryptedFile) => {
    const list = filesByCollection.get(file.collectionID) ?? [];
    list.push(file);
    filesByCollection.set(file.collectionID, list);
  };

  for (const [index, photo] of fixturePhotos.entries()) {
    const photoPath = path.join(fixtureMediaDir, photo);
    const bytes = new Uint8Array(await readFile(photoPath));
    const title = name(`${path.parse(photo).name}-holiday${path.parse(photo).ext}`);
    const caption = index === 1 ? name("Sunset over the Tagus") : undefined;
    add(
      await uploadTestFile(client, photos, title, bytes, {
        creationTimeUs: baseTimeUs + index * 1_000_000,
        thumbnail: await thumbnailOf(photoPath),
        ...(caption === undefined ? {} : { caption }),
        ...(index === 0 ? { latitude: 38.7139, longitude: -9.1394 } : {}),
      }),
    );
  }
  for (let index = 0; index < generatedCount; index++) {
    add(
      await uploadTestFile(
        client,
        generated,
        name(`scan-${String(index)}.jpg`),
        await generatedBytes(index),
        {
          creationTimeUs: baseTimeUs + index,
          thumbnail: await generatedJpeg(index, 96),
        },
      ),
    );
  }
  for (let index = 0; index < 3; index++) {
    add(
      await uploadTestFile(
        client,
        hidden,
        name(`diary-page-${String(index)}.jpg`),
        await generatedBytes(100 + index),
      ),
    );
  }
  const trashed = await uploadTestFile(
    client,
    generated,
    name("draft-to-throw.jpg"),
    await generatedBytes(7),
  );
  await client.trashFiles([{ fileID: trashed.id, collectionID: generated.id }]);

  let video: DecryptedFile | undefined;
  let livePhoto: DecryptedFile | undefined;
  if (withMedia) {
    video = await uploadTestFile(client, photos, name("harbour-ferry.mp4"), await generatedMp4(), {
      creationTimeUs: baseTimeUs + 20_000_000,
      fileType: FileType.video,
      durationSec: 2,
      thumbnail: await generatedMp4Thumbnail(),
    });
    add(video);
    livePhoto = await uploadTestFile(
      client,
      photos,
      name("tram-28"),
      await generatedLivePhoto("tram-28", 3),
      {
        creationTimeUs: baseTimeUs + 21_000_000,
        fileType: FileType.livePhoto,
        thumbnail: await generatedJpeg(3, 96),
      },
    );
    add(livePhoto);
  }

  return { photos, generated, hidden, filesByCollection, trashed, secrets, video, livePhoto };
};
