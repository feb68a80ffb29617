// A small real library for the sync tests (Node and Chromium): albums of real
// photos from ../shared/fixtures and generated files, a hidden album, a
// caption, a location and a trashed file, uploaded through the Node library
// client exactly as the web app uploads. It remembers every name and caption
// so that a test can scan a local database for plaintext.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileType } from "../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypt";
import type { NodeLibraryClient } from "../library/node-library-client";

/** The real photos of the shared fixtures (read-only), beside the repository. */
export const fixtureMediaDir = fileURLToPath(
  new URL("../../../shared/fixtures/media", import.meta.url),
);

const fixturePhotos = [
  "canon-dslr.jpg",
  "IMG_20180725_163423-tiny.jpg",
  "door-knocker.jpg",
  "Bush-dog.jpg",
  "noexif.jpg",
  "png_with_exif_and_gps.png",
  "heic-single.heic",
] as const;

/** A tiny stand-in thumbnail: thumbnails are made by issue #6; sync only carries their headers. */
const thumbnailBytes = () => new TextEncoder().encode("thumbnail");

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
}

const baseTimeUs = 1_560_000_000_000_000;

export interface TestLibraryOptions {
  /** Generated (random-byte) files in the `generated` album. */
  generatedCount?: number;
  /** A suffix that makes names unique across tests. */
  label?: string;
}

/** Uploads a file with a name and optional caption and location into `collection`. */
export const uploadTestFile = async (
  client: NodeLibraryClient,
  collection: DecryptedCollection,
  title: string,
  bytes: Uint8Array,
  extra: { caption?: string; latitude?: number; longitude?: number; creationTimeUs?: number } = {},
): Promise<DecryptedFile> => {
  const { file } = await client.upload({
    collection,
    file: bytes,
    thumbnail: thumbnailBytes(),
    metadata: {
      title,
      creationTime: extra.creationTimeUs ?? baseTimeUs,
      modificationTime: extra.creationTimeUs ?? baseTimeUs,
      fileType: FileType.image,
      ...(extra.latitude === undefined ? {} : { latitude: extra.latitude }),
      ...(extra.longitude === undefined ? {} : { longitude: extra.longitude }),
    },
    ...(extra.caption === undefined ? {} : { pubMagicMetadata: { caption: extra.caption } }),
  });
  return file;
};

/** Random bytes standing for a generated file. */
const generatedBytes = (index: number): Uint8Array => {
  const bytes = new Uint8Array(512 + ((index * 97) % 2048));
  crypto.getRandomValues(bytes);
  return bytes;
};

export const buildTestLibrary = async (
  client: NodeLibraryClient,
  { generatedCount = 30, label = "" }: TestLibraryOptions = {},
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
    const bytes = new Uint8Array(await readFile(path.join(fixtureMediaDir, photo)));
    const title = name(`${path.parse(photo).name}-holiday`);
    const caption = index === 1 ? name("Sunset over the Tagus") : undefined;
    add(
      await uploadTestFile(client, photos, title, bytes, {
        creationTimeUs: baseTimeUs + index * 1_000_000,
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
        name(`letter-${String(index)}.pdf`),
        generatedBytes(index),
        {
          creationTimeUs: baseTimeUs + index,
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
        generatedBytes(index),
      ),
    );
  }
  const trashed = await uploadTestFile(
    client,
    generated,
    name("draft-to-throw.txt"),
    generatedBytes(7),
  );
  await client.trashFiles([{ fileID: trashed.id, collectionID: generated.id }]);

  return { photos, generated, hidden, filesByCollection, trashed, secrets };
};
