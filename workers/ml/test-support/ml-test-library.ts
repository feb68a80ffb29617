// What the ML integration tests share: a real server (`startNodeCairn`) with
// an account whose album holds a few generated photos, its library client
// and a crypto pool; the account's API; the library's files as indexing
// reads them; and a stand-in for the ML worker that records what it saw.

import { type ApiClient, createApiClient } from "../../../shared/api/client";
import { clientPackages } from "../../../shared/api/headers";
import { generatedJpeg } from "../../../tests/test-support/media";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../crypto/node-pool";
import type { ThumbnailResult } from "../../gallery/gallery-contract";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import { uploadTestFile } from "../../sync/test-support/library";
import { normalizedEmbedding } from "../clip/clip-embedding";
import type { ThingLabel } from "../../../shared/model/search/thing-labels";
import type { IndexableFile } from "../indexing/indexing-queue";
import {
  type IndexingML,
  type LibraryIndexing,
  type LibraryIndexingDeps,
  createLibraryIndexing,
} from "../indexing/library-indexing";
import type { FacesOfImage } from "../ml-worker-contract";
import { descriptorLength } from "../faces/face-descriptor";
import { type FaceEngineName, builtInFaceEngine, faceEngines } from "../faces/face-engines";

export interface MLTestLibrary {
  node: NodeCairn;
  account: NodeAccount;
  client: NodeLibraryClient;
  pool: NodeCryptoPool;
  album: DecryptedCollection;
  /** The photos, `<photoName>-<n>.jpg`, oldest first. */
  files: DecryptedFile[];
  close(): Promise<void>;
}

/** The API of `account`, with its token. */
export const accountAPI = (node: NodeCairn, account: NodeAccount): ApiClient =>
  createApiClient({
    apiOrigin: node.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: (url, init) => fetch(url, init),
    getAuthToken: () => account.token,
  });

/** A library client of `account` with one crypto thread. */
export const libraryClientOf = (
  node: NodeCairn,
  account: NodeAccount,
): Promise<NodeLibraryClient> =>
  createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });

/** A server with an account (`label`) whose album holds `photoCount` generated photos. */
export const startMLTestLibrary = async ({
  label,
  albumName,
  photoName,
  photoCount = 3,
}: {
  label: string;
  albumName: string;
  photoName: string;
  photoCount?: number;
}): Promise<MLTestLibrary> => {
  const node = await startNodeCairn();
  const account = await node.signUp(label);
  const client = await libraryClientOf(node, account);
  const pool = await createNodeCryptoPool({ size: 1 });
  const album = await client.createCollection({ name: albumName, type: "album" });
  const files: DecryptedFile[] = [];
  for (let index = 0; index < photoCount; index++) {
    const name = `${photoName}-${String(index)}.jpg`;
    files.push(await uploadTestFile(client, album, name, await generatedJpeg(index)));
  }
  return {
    node,
    account,
    client,
    pool,
    album,
    files,
    close: async () => {
      await client.close();
      await pool.terminate();
      await node.close();
    },
  };
};

/** Files as the library's indexing reads them. */
export const indexableFiles = (files: readonly DecryptedFile[]): IndexableFile[] =>
  files.map((file) => ({
    id: file.id,
    title: file.metadata.title,
    fileType: file.metadata.fileType,
    contentHash: file.metadata.hash,
  }));

/** The thumbnails of `files`, downloaded and decrypted by `client`, as the gallery's media answers them. */
export const thumbnailsOf =
  (client: NodeLibraryClient, files: () => readonly DecryptedFile[]) =>
  (fileIDs: readonly number[]): Promise<ThumbnailResult[]> =>
    Promise.all(
      fileIDs.map(async (fileID): Promise<ThumbnailResult> => {
        const file = files().find(({ id }) => id === fileID);
        if (file === undefined) return { fileID, ok: false, errorName: "NotFound" };
        return { fileID, ok: true, bytes: await client.downloadThumbnail(file) };
      }),
    );

/** A device of the test library's server: its account, its library client and the files it sees. */
export interface MLTestDevice {
  account: NodeAccount;
  client: NodeLibraryClient;
  files: () => readonly DecryptedFile[];
}

/**
 * The indexing of `device`'s library over the real server, with `ml` for
 * the ML worker, in batches of 2; `options` adds or overrides deps.
 */
export const indexingOf = (
  library: MLTestLibrary,
  device: MLTestDevice,
  ml: IndexingML,
  options: Partial<LibraryIndexingDeps> = {},
): LibraryIndexing => {
  const api = accountAPI(library.node, device.account);
  return createLibraryIndexing({
    files: () => indexableFiles(device.files()),
    fileKey: (fileID) => device.files().find(({ id }) => id === fileID)?.keyB64,
    api: () => api,
    pool: library.pool,
    thumbnails: thumbnailsOf(device.client, device.files),
    ml,
    batchSize: 2,
    ...options,
  });
};

/** A perceptual hash per image (hex): its length picks it. */
export const testImageHash = (jpeg: Uint8Array): string =>
  jpeg.length.toString(16).padStart(16, "0");

/**
 * One face per image, its descriptor picked by the image's length modulo 2:
 * two people, each in every other image.
 */
export const testImageFaces = (
  jpeg: Uint8Array,
  embeddingLength: number = descriptorLength,
): FacesOfImage => ({
  width: 720,
  height: 480,
  faces: [
    {
      box: { x: 0.25, y: 0.2, width: 0.2, height: 0.3 },
      landmarks: [
        { x: 0.3, y: 0.3 },
        { x: 0.4, y: 0.3 },
      ],
      score: 0.95,
      blur: 120,
      embedding: Float32Array.from({ length: embeddingLength }, (_, index) =>
        index === jpeg.length % 2 ? 1 : 0,
      ),
    },
  ],
});

/** A direction in embedding space per image: the image's length picks it. */
export const testImageVector = (seed: number): Float32Array =>
  normalizedEmbedding(
    Float32Array.from({ length: 512 }, (_, index) => Math.sin(seed * 13 + index)),
  );

/**
 * The ML worker's double: a CLIP vector (when `clipAvailable`) and things
 * for each image (`thingsOf` its bytes: a dog for images of even length by
 * default), and the count of images it saw.
 */
export const recordingML = ({
  clipAvailable = true,
  thingsOf = (jpeg: Uint8Array): ThingLabel[] => (jpeg.length % 2 === 0 ? ["dog"] : []),
  faceEngine = builtInFaceEngine,
}: {
  clipAvailable?: boolean;
  thingsOf?: (jpeg: Uint8Array) => ThingLabel[];
  /** The engine whose embeddings' length the faces have. */
  faceEngine?: FaceEngineName;
} = {}) => {
  const seen = { images: 0, hashed: 0, faced: 0 };
  const ml: IndexingML = {
    clipAvailable: () => Promise.resolve(clipAvailable),
    indexImages: (jpegs) => {
      seen.images += jpegs.length;
      return Promise.resolve(
        jpegs.map((jpeg) => ({
          ...(clipAvailable ? { clip: testImageVector(jpeg.length % 97) } : {}),
          things: thingsOf(jpeg).map((label) => ({ label, score: 0.8 })),
          perceptualHash: testImageHash(jpeg),
        })),
      );
    },
    hashImages: (jpegs) => {
      seen.hashed += jpegs.length;
      return Promise.resolve(jpegs.map(testImageHash));
    },
    detectFaces: (jpegs) => {
      seen.faced += jpegs.length;
      const { embeddingLength } = faceEngines[faceEngine];
      return Promise.resolve(jpegs.map((jpeg) => testImageFaces(jpeg, embeddingLength)));
    },
    faceEngine: () => Promise.resolve(faceEngine),
  };
  return { ml, seen };
};
