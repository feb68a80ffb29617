import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { encryptBox, toB64 } from "../../shared/crypto";
import { generateBlobOrStreamKey } from "../../shared/crypto/keys";
import type { TestAccountClient } from "./account-client";
import { newCollectionBody } from "./library-client";
import { putBytes } from "./library-files";

// Library calls of the tests that run the server as a separate process
// (kill -9, several processes): albums and small files made over real HTTP,
// with the album's key kept by the caller rather than by a server object.

export interface HttpTestAlbum {
  id: number;
  key: Uint8Array;
}

export const createHttpTestAlbum = async (
  user: TestAccountClient,
  name: string,
): Promise<HttpTestAlbum> => {
  const { body, key } = await newCollectionBody(user, { name });
  const { collection } = await user.ok<{ collection: { id: number } }>(
    "POST",
    "/collections",
    body,
  );
  return { id: collection.id, key };
};

/** The `POST /files` body of a file whose objects were uploaded under these keys. */
export const newHttpTestFileBody = async (
  album: HttpTestAlbum,
  file: { objectKey: string; size: number },
  thumbnail: { objectKey: string; size: number },
) => {
  const wrapped = await encryptBox(await generateBlobOrStreamKey(), album.key);
  const header = () => toB64(randomBytes(24));
  return {
    collectionID: album.id,
    encryptedKey: toB64(wrapped.encryptedData),
    keyDecryptionNonce: toB64(wrapped.nonce),
    file: { ...file, decryptionHeader: header() },
    thumbnail: { ...thumbnail, decryptionHeader: header() },
    metadata: { encryptedData: toB64(randomBytes(64)), decryptionHeader: header() },
  };
};

/** Uploads a small file of these bytes (one PUT each for the file and a 100-byte thumbnail) and registers it. */
export const uploadSmallHttpTestFile = async (
  user: TestAccountClient,
  album: HttpTestAlbum,
  fileBytes: Uint8Array,
): Promise<{ id: number }> => {
  const { urls } = await user.ok<{ urls: { objectKey: string; url: string }[] }>(
    "GET",
    "/files/upload-urls?count=2",
  );
  const [fileURL, thumbnailURL] = urls;
  if (fileURL === undefined || thumbnailURL === undefined) throw new Error("two URLs expected");
  expect((await putBytes(fileURL.url, fileBytes)).status).toBe(200);
  expect((await putBytes(thumbnailURL.url, randomBytes(100))).status).toBe(200);
  return user.ok<{ id: number }>(
    "POST",
    "/files",
    await newHttpTestFileBody(
      album,
      { objectKey: fileURL.objectKey, size: fileBytes.length },
      { objectKey: thumbnailURL.objectKey, size: 100 },
    ),
  );
};

/** The album's live files, from one whole diff. */
export const liveHttpTestFiles = async (
  user: TestAccountClient,
  albumID: number,
): Promise<{ id: number; isDeleted: boolean }[]> => {
  const { diff } = await user.ok<{ diff: { id: number; isDeleted: boolean }[] | null }>(
    "GET",
    `/collections/v2/diff?collectionID=${String(albumID)}&sinceTime=0`,
  );
  return (diff ?? []).filter((file) => !file.isDeleted);
};

export const usageBytesOf = async (user: TestAccountClient): Promise<number> =>
  (await user.ok<{ usage: number }>("GET", "/users/details/v2")).usage;
