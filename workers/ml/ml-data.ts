import { z } from "zod";
import { gunzipBytes, gzipBytes } from "../../shared/crypto/gzip";

// A file's ML data document ("mldata"): what the indexes of one file travel
// to the server as, and how we read and update it.
//
// [Note: One ML data document a file]
//
// All that ML derives from a file is one JSON object, keyed by index:
//
//     {"clip": {"version": 1, "client": …, "embedding": [512 numbers]},
//      "face": {"version": 1, "client": …, "width": …, "height": …, "faces": […]},
//      "things": {"version": 1, "tags": [{"label": "dog", "score": 0.87}]},
//      "phash": {"version": 1, "hash": "c3a1…" (16 hex digits)},
//      … keys of other clients …}
//
// `clip` and `face` have the reference app's shape, so its documents read
// here and ours read there; `things` and `phash` (the perceptual hash that
// groups similar photos: see [Note: The perceptual hash is a DCT hash]) are ours. The document is gzipped
// (`encodeMLData`), encrypted as a Blob under the file's key by the caller
// (shared/crypto/blob.ts) and stored with `PUT /files/data`, type `mldata`:
// the server replaces the whole document, so a client writes back every key
// it found, not only its own.
//
// [Note: ML data keeps what it does not understand]
//
// A newer client may add keys, fields inside a part, or a part of a newer
// version. The decoded document is kept as the raw object, every key and
// field as it came, and the typed readers (`clipOf`, `thingsOf`, …) look at
// it without changing it; writing a part (`withThings`, `withClip`) replaces
// that one key of a copy. A reader answers a part only at the version we
// index with: an older one is ignored (the file is indexed again, as the
// reference ignores indexes of older pipelines), and a newer one is ignored
// and never overwritten (`withThings` keeps it), so a newer client's work
// is not lost when we update ours.
//
// Zod makes these schemas when this module loads: an entry importing it in a
// browser must import shared/api/zod-jitless.ts first (see: [Note: Zod
// parses without eval]).

/** The decoded document: a JSON object, every key as stored. */
export type MLDataDocument = Readonly<Record<string, unknown>>;

/** The versions of each part we read and write. */
export const mlDataVersions = {
  /** The reference's `clipIndexingVersion`. */
  clip: 1,
  /** The reference's `faceIndexingVersion`. */
  face: 1,
  things: 1,
  /** The DCT hash of perceptual-hash.ts; another hash would be another version. */
  phash: 1,
} as const;

export type MLDataPart = keyof typeof mlDataVersions;

const point = z.looseObject({ x: z.number(), y: z.number() });

/** The reference's CLIP index: one image embedding (512 floats, L2-normalised). */
const clipIndexSchema = z.looseObject({
  version: z.number(),
  /** Which client made it, e.g. "io.ente.photos.desktop/1.7.0"; ours say "cairn…". */
  client: z.string(),
  embedding: z.array(z.number()),
});

/** The reference's face index: the image size and, for each face, its box, landmarks and embedding. */
const faceIndexSchema = z.looseObject({
  version: z.number(),
  client: z.string(),
  width: z.number(),
  height: z.number(),
  faces: z.array(
    z.looseObject({
      faceID: z.string(),
      detection: z.looseObject({
        box: z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
        landmarks: z.array(point),
      }),
      score: z.number(),
      blur: z.number(),
      embedding: z.array(z.number()),
    }),
  ),
});

/** Our things index: the COCO labels the detector saw, each with its best score. */
const thingsIndexSchema = z.looseObject({
  version: z.number(),
  tags: z.array(z.looseObject({ label: z.string(), score: z.number() })),
});

/** Our perceptual hash of the photo: 64 bits as 16 hex digits (`perceptualHashHex`). */
const perceptualHashIndexSchema = z.looseObject({
  version: z.number(),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
});

export type ClipIndex = z.infer<typeof clipIndexSchema>;
export type FaceIndex = z.infer<typeof faceIndexSchema>;
export type ThingsIndex = z.infer<typeof thingsIndexSchema>;
export type PerceptualHashIndex = z.infer<typeof perceptualHashIndexSchema>;

const partSchemas = {
  clip: clipIndexSchema,
  face: faceIndexSchema,
  things: thingsIndexSchema,
  phash: perceptualHashIndexSchema,
} as const;

interface PartTypes {
  clip: ClipIndex;
  face: FaceIndex;
  things: ThingsIndex;
  phash: PerceptualHashIndex;
}

/** Why bytes are not an ML data document. */
export type MalformedMLDataReason = "notGzip" | "tooLarge" | "notJSON" | "notObject";

/** Bytes that are not a gzipped JSON object (a corrupt upload, another type's data). */
export class MalformedMLDataError extends Error {
  override name = "MalformedMLDataError";
  readonly reason: MalformedMLDataReason;
  constructor(reason: MalformedMLDataReason, options?: ErrorOptions) {
    const messages: Record<MalformedMLDataReason, string> = {
      notGzip: "ML data is not gzip",
      tooLarge: `ML data unzips to more than ${String(maxDocumentBytes)} bytes`,
      notJSON: "ML data is not JSON",
      notObject: "ML data is not a JSON object",
    };
    super(messages[reason], options);
    this.reason = reason;
  }
}

/**
 * The most a document may unzip to. The ciphertext is 1 MiB at most (see:
 * [Note: A file's ML data is bounded at 1 MiB]), and JSON of numbers packs
 * about 2–3× under gzip; 16 MiB leaves room for that and refuses a gzip
 * bomb before it fills the worker's memory.
 */
const maxDocumentBytes = 16 * 1024 * 1024;

/** The document as gzipped JSON, ready for the caller to encrypt. */
export const encodeMLData = (document: MLDataDocument): Promise<Uint8Array> =>
  gzipBytes(new TextEncoder().encode(JSON.stringify(document)));

/**
 * The document in gzipped JSON bytes (decrypted by the caller); throws
 * `MalformedMLDataError` for anything but a JSON object.
 * See: [Note: ML data keeps what it does not understand]
 */
export const decodeMLData = async (bytes: Uint8Array): Promise<MLDataDocument> => {
  let json: Uint8Array | undefined;
  try {
    json = await gunzipBytes(bytes, maxDocumentBytes);
  } catch (error) {
    throw new MalformedMLDataError("notGzip", { cause: error });
  }
  if (json === undefined) throw new MalformedMLDataError("tooLarge");
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch (error) {
    throw new MalformedMLDataError("notJSON", { cause: error });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new MalformedMLDataError("notObject");
  }
  return value as MLDataDocument;
};

/** The version a part claims, when it is an object with a numeric `version`. */
const versionOf = (value: unknown): number | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const { version } = value as { version?: unknown };
  return typeof version === "number" ? version : undefined;
};

/**
 * The part `name` of the document, when it is there at the version we use
 * and has its shape; else undefined (the file needs that index made).
 */
export const mlDataPart = <P extends MLDataPart>(
  document: MLDataDocument,
  name: P,
): PartTypes[P] | undefined => {
  const value = document[name];
  if (versionOf(value) !== mlDataVersions[name]) return undefined;
  const parsed = partSchemas[name].safeParse(value);
  return parsed.success ? (parsed.data as PartTypes[P]) : undefined;
};

/** Whether the document holds part `name` at a version newer than ours, which we must not overwrite. */
export const hasNewerMLDataPart = (document: MLDataDocument, name: MLDataPart): boolean =>
  (versionOf(document[name]) ?? Number.NEGATIVE_INFINITY) > mlDataVersions[name];

/**
 * A copy of the document with part `name` set to `value` and every other key
 * kept; the document itself when it holds a newer version of that part.
 * See: [Note: ML data keeps what it does not understand]
 */
export const withMLDataPart = <P extends MLDataPart>(
  document: MLDataDocument,
  name: P,
  value: Omit<PartTypes[P], "version">,
): MLDataDocument =>
  hasNewerMLDataPart(document, name)
    ? document
    : { ...document, [name]: { ...value, version: mlDataVersions[name] } };

/** The file's things tags, when a things index of our version is there. */
export const thingsOf = (document: MLDataDocument): ThingsIndex | undefined =>
  mlDataPart(document, "things");

/** The document with our things tags (best first, as the tagger gives them). */
export const withThings = (
  document: MLDataDocument,
  tags: readonly { label: string; score: number }[],
): MLDataDocument => withMLDataPart(document, "things", { tags: [...tags] });

/** The file's CLIP index (the reference's shape), when one of our version is there. */
export const clipOf = (document: MLDataDocument): ClipIndex | undefined =>
  mlDataPart(document, "clip");

/** The document with a CLIP image embedding made by `client`. */
export const withClip = (
  document: MLDataDocument,
  clip: { client: string; embedding: readonly number[] },
): MLDataDocument =>
  withMLDataPart(document, "clip", { client: clip.client, embedding: [...clip.embedding] });

/** The file's face index (the reference's shape), when one of our version is there. */
export const faceOf = (document: MLDataDocument): FaceIndex | undefined =>
  mlDataPart(document, "face");

/** The file's perceptual hash (hex), when one of our version is there. */
export const perceptualHashOf = (document: MLDataDocument): string | undefined =>
  mlDataPart(document, "phash")?.hash;

/** The document with the file's perceptual hash (`perceptualHashHex`'s digits). */
export const withPerceptualHash = (document: MLDataDocument, hash: string): MLDataDocument =>
  withMLDataPart(document, "phash", { hash });
