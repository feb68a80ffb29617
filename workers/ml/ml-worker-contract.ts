// What crosses between the ML worker (`ml.worker.ts`) and whoever indexes
// the library: CLIP embeddings of images and texts, the things a photo
// shows, and both at once from a thumbnail's JPEG bytes. Types only: the
// worker implements them (`ml-worker-service.ts`) and its callers call them
// as `WorkerCalls<MLWorkerCalls>`. See: [Note: A worker's API is declared once]
//
// The calls take batches, so a library is indexed with one round trip per
// batch rather than per photo (`indexImage`, one photo, is for a caller
// that has just one). In a batch of photos, one that does not decode fails
// alone: its result says so and the others are indexed.

import type { RGBAImage } from "./clip/clip-embedder";
import type { ThingTag } from "./things/things-tags";
import type { DetectedFace } from "./faces/face-indexer";
import type { ClusterableFace } from "./faces/face-clusters";
import type { FaceEngineName } from "./faces/face-engines";
import type { RelativeBox } from "../people/people-contract";

export type { DetectedFace } from "./faces/face-indexer";
export type { ClusterableFace } from "./faces/face-clusters";
export type { RGBAImage } from "./clip/clip-embedder";
export type { ThingTag } from "./things/things-tags";

/**
 * Why CLIP is off in this worker:
 * - `no-models-folder`, `model-not-ready`: what `/models/status` answered
 *   (see: [Note: The models folder]);
 * - `status-unreachable`: `/models/status` could not be fetched or read;
 * - `model-load-failed`: the status said ready, but a model could not be
 *   fetched or opened (removed since, or not a model onnxruntime can run).
 */
export type ClipUnavailableReason =
  "no-models-folder" | "model-not-ready" | "status-unreachable" | "model-load-failed";

export type ClipStatus = { available: true } | { available: false; reason: ClipUnavailableReason };

/** What indexing learns of one photo. */
export interface IndexedImage {
  /** Its CLIP embedding (512 values, normalised); absent when CLIP is off. */
  clip?: Float32Array;
  /** Its things, best first (possibly none). */
  things: ThingTag[];
  /** The decoded image's size, in pixels, after its EXIF orientation. */
  width: number;
  height: number;
  /**
   * Its perceptual hash, as `perceptualHashHex` spells it: what groups
   * similar photos, no model needed. See: [Note: The perceptual hash is a DCT hash]
   */
  perceptualHash: string;
}

/** The faces found in one photo, and the decoded image's size (after its EXIF orientation). */
export interface FacesOfImage {
  width: number;
  height: number;
  /** Possibly none: the photo was looked at and shows no face. */
  faces: DetectedFace[];
}

/** One photo of `indexImages`: what was learnt, or why it could not be decoded. */
export type IndexImageResult =
  ({ ok: true } & IndexedImage) | { ok: false; errorName: "ImageDecodeError"; message: string };

/**
 * CLIP alone: what the ML worker asks of its CLIP, its own (onnxruntime-web)
 * or the desktop app's ML process (onnxruntime-node, over a port: see
 * [Note: The desktop runs CLIP natively]).
 */
export interface ClipCalls {
  /**
   * Whether CLIP runs, and why not when it does not. An unavailable answer
   * is kept for a while. See: [Note: The ML worker remembers that CLIP is off]
   */
  clipStatus: () => Promise<ClipStatus>;
  /** The images' CLIP embeddings (normalised), in order; undefined when CLIP is off. */
  embedImages: (images: RGBAImage[]) => Promise<Float32Array[] | undefined>;
  /** The text's CLIP embedding (normalised); undefined when CLIP is off. */
  embedText: (text: string) => Promise<Float32Array | undefined>;
}

export interface MLWorkerCalls extends ClipCalls {
  /** Each image's things, in order. */
  tagThings: (images: RGBAImage[]) => Promise<ThingTag[][]>;
  /**
   * Decodes a photo's JPEG bytes (its thumbnail: see [Note: What the ML
   * worker feeds its models]) and runs CLIP (when available) and the things
   * detector on it. Bytes that do not decode throw `ImageDecodeError`.
   */
  indexImage: (jpegBytes: Uint8Array) => Promise<IndexedImage>;
  /**
   * `indexImage` for each photo, in order, one at a time. A photo that does
   * not decode has a failed result; any other error fails the call.
   */
  indexImages: (jpegs: Uint8Array[]) => Promise<IndexImageResult[]>;
  /**
   * Only the perceptual hash of each photo (hex), in order; undefined for a
   * photo that does not decode. For files indexed before hashes were: no
   * model runs. See: [Note: Files indexed before hashes get one alone]
   */
  hashImages: (jpegs: Uint8Array[]) => Promise<(string | undefined)[]>;
  /**
   * The faces in each photo (JPEG bytes of its thumbnail), in order;
   * undefined for a photo that does not decode. The face models load on
   * the first call: only a device with face indexing on ever fetches them.
   */
  detectFaces: (jpegs: Uint8Array[]) => Promise<(FacesOfImage | undefined)[]>;
  /**
   * The engine `detectFaces` finds faces with: the reference's when the
   * server's models folder has both of its models, else the built-in one.
   * Asks the folder's status once; loads no model. See: [Note: Face engines]
   */
  faceEngine: () => Promise<FaceEngineName>;
  /**
   * The JPEG of each face (its box in the photo), in order: the square the
   * people pages show, at most `faceCropMaxSidePx` on its side; undefined
   * when the photo (its thumbnail's JPEG bytes) does not decode. One call
   * for the faces of one photo. See: [Note: Face crops are cached sealed]
   */
  cropFaces: (jpegBytes: Uint8Array, boxes: RelativeBox[]) => Promise<Uint8Array[] | undefined>;
  /**
   * Each face's cluster (face ID → cluster ID): the faces of `previous` keep
   * theirs, the others join one or start one; faces too unsure or blurry
   * are left out. Faces are clustered with the faces of their own engine
   * (told by their embeddings' length), with its thresholds; faces of a
   * length no engine makes are left out. Runs on tfjs (the face models'
   * backend): a from-scratch clustering of 10,000 faces is seconds, not a
   * minute. See: [Note: Face clustering thresholds], [Note: Face engines]
   */
  clusterFaces: (
    faces: ClusterableFace[],
    previous: ReadonlyMap<string, string>,
  ) => Promise<Map<string, string>>;
}
