import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { absentOrNull, boolFromString, intFromString } from "../wire-values";
import { base64Field } from "./account-schemas";
import { idField, idFromString, libraryLimits, libraryValueBytes } from "./library-schemas";

// A file's previews (wire-contract §8): a streamable copy of a video (an
// encrypted HLS stream in one object, "vid_preview"), uploaded by a client
// through a presigned URL and registered with its encrypted playlist. The
// playlist is then read with the file-data fetches (file-data.ts) and the
// object through a presigned GET. Only the file's owner uploads a preview;
// whoever may see the file reads it.

/** Preview types a client may ask a file's preview URL of (wire-contract §8). */
export const previewTypes = ["vid_preview", "img_preview"] as const;
export type PreviewType = (typeof previewTypes)[number];

// [Note: Image previews are named but never stored]
//
// The wire contract names a second preview type, "img_preview", with a
// `pi_` object ID, and Ente's server mints upload URLs for it, but nothing
// registers one: its server has `PUT /files/video-data` and no image
// counterpart, so an image preview it mints is an orphan its cleanup
// collects. We do not mint what can never be registered: an upload URL is
// for "vid_preview" only (400 for "img_preview"). The preview URL still
// takes both types, as the apps ask it by the file's type, and a file's
// "img_preview" is always the 404 of a file without a preview, which is
// true.

/** Preview types a client may upload and register. See: [Note: Image previews are named but never stored] */
export const uploadedPreviewTypes = ["vid_preview"] as const;

/**
 * The object ID the server mints for a video preview: "pv_" and 22 letters
 * and digits, as Ente's server makes them. It becomes the last segment of
 * the object's key, so a registration naming anything else is refused.
 */
export const videoPreviewObjectIDPattern = /^pv_[0-9A-Za-z]{22}$/;

/**
 * `GET /files/data/preview-upload-url?fileID=&type=&isMultiPart=&count=`:
 * where to upload a preview of a file the caller owns (403 for a file it
 * does not, 404 for one in no album: trashed or deleted). A single PUT URL,
 * or with `isMultiPart` the URLs of `count` parts and of the completion.
 * See: [Note: Every minted object key is recorded until it is registered]
 */
export const getPreviewUploadURL = defineEndpoint({
  method: "GET",
  path: "/files/data/preview-upload-url",
  auth: "user",
  query: z
    .object({
      fileID: idFromString(),
      type: z.enum(uploadedPreviewTypes),
      isMultiPart: boolFromString().optional(),
      count: intFromString()
        .refine(
          (count) => count >= 1 && count <= libraryLimits.multipartParts,
          `must be 1..${String(libraryLimits.multipartParts)}`,
        )
        .optional(),
    })
    .refine((query) => query.isMultiPart !== true || query.count !== undefined, {
      error: "a multipart upload needs its part count",
      path: ["count"],
    }),
  response: z.object({
    objectID: z.string(),
    url: z.string().optional(),
    partURLs: z.array(z.string()).optional(),
    completeURL: z.string().optional(),
  }),
});

// [Note: A video preview's playlist is kept like ML data]
//
// Ente's server writes a video preview's playlist to the blob store, as a
// JSON object beside the preview object (its key plus "_playlist"). We keep
// it in the file's `file_data` row instead, as the ML index: it is one small
// value a file, read with the same fetches, batches of 200 included. What
// the apps send is the Blob ciphertext of a gzipped JSON document (the
// playlist, the video's width, height and size), and the playlist lists a
// byte range of the one object per segment: two lines of about 30 bytes a
// few seconds of video, so an hour is some tens of KB before gzip. The
// bound of ML data, 1 MiB of ciphertext (413 above), leaves a wide margin.
// See: [Note: A file's ML data is bounded at 1 MiB]

/**
 * `PUT /files/video-data`: register an uploaded video preview of a file the
 * caller owns, with its encrypted playlist. The object must be one minted
 * for the file (400 otherwise) and have exactly `objectSize` bytes (400); it
 * replaces the file's earlier preview. The same registration again is a
 * no-op. See: [Note: A video preview replaces the one before]
 */
export const putVideoData = defineEndpoint({
  method: "PUT",
  path: "/files/video-data",
  auth: "user",
  body: z.object({
    fileID: idField(),
    objectID: z
      .string()
      .regex(videoPreviewObjectIDPattern, "must be a video preview's object ID (pv_…)"),
    objectSize: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** The Blob ciphertext of the gzipped playlist JSON. See: [Note: A video preview's playlist is kept like ML data] */
    playlist: base64Field(),
    playlistHeader: base64Field(libraryValueBytes.streamHeader),
    /** The client's format version (default 1); not stored. */
    version: absentOrNull(z.number().int().min(1).max(1000)),
  }),
  response: z.object({}),
});

/**
 * `GET /files/data/preview?fileID=&type=`: a presigned GET URL of the
 * file's preview object, for whoever may see the file; 404 for a file
 * without one and for a file the caller may not see.
 */
export const getPreviewURL = defineEndpoint({
  method: "GET",
  path: "/files/data/preview",
  auth: "user",
  query: z.object({ fileID: idFromString(), type: z.enum(previewTypes) }),
  response: z.object({ url: z.string() }),
});

export const filePreviewEndpoints = { getPreviewUploadURL, putVideoData, getPreviewURL };
