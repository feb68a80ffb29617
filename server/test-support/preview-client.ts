import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { toB64 } from "../../shared/crypto/base64";
import type { TestAccountClient } from "./account-client";
import { putBytes } from "./library-files";

// A video preview as the mobile app makes one (wire-contract §8): an upload
// URL, the object's bytes PUT to it, and the registration with the
// playlist. The playlist stands for the app's ciphertext (the server never
// opens it), filled with one byte so a test can tell registrations apart.

export interface TestPreviewUploadURL {
  objectID: string;
  url?: string;
  partURLs?: string[];
  completeURL?: string;
}

/** `GET /files/data/preview-upload-url` for a video preview of the file. */
export const previewUploadURL = (user: TestAccountClient, fileID: number, extra = "") =>
  user.call(
    "GET",
    `/files/data/preview-upload-url?fileID=${String(fileID)}&type=vid_preview${extra}`,
  );

/** A registration's body: the object, its size, and a playlist of 300 bytes of `fill`. */
export const videoDataBody = (
  fileID: number,
  objectID: string,
  objectSize: number,
  fill = 1,
): Record<string, unknown> => ({
  fileID,
  objectID,
  objectSize,
  playlist: toB64(new Uint8Array(300).fill(fill)),
  playlistHeader: toB64(new Uint8Array(24).fill(fill)),
});

/** Mint a URL and PUT `bytes` to it; answers the object ID. */
export const uploadTestPreviewObject = async (
  user: TestAccountClient,
  fileID: number,
  bytes: Uint8Array,
): Promise<string> => {
  const minted = await previewUploadURL(user, fileID);
  expect(minted.statusCode, minted.body).toBe(200);
  const { objectID, url } = minted.json<TestPreviewUploadURL>();
  expect((await putBytes(url ?? "", bytes)).status).toBe(200);
  return objectID;
};

/** Upload and register a video preview of the file; answers its object ID and bytes. */
export const addTestVideoPreview = async (
  user: TestAccountClient,
  fileID: number,
  { bytes = new Uint8Array(randomBytes(2048)), fill = 1 } = {},
): Promise<{ objectID: string; bytes: Uint8Array }> => {
  const objectID = await uploadTestPreviewObject(user, fileID, bytes);
  await user.ok("PUT", "/files/video-data", videoDataBody(fileID, objectID, bytes.length, fill));
  return { objectID, bytes };
};
