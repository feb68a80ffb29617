// One unit of an upload run, from its prepared metadata to its result: the
// size checks, the content hash, the dedupe against the user's own files,
// the thumbnail, and the encrypted transfer. A unit is
// one file, or a live photo's image and video uploaded as one zip.

import type { FileType } from "../../shared/model/library/file-metadata";
import type {
  FilePrivateMagicMetadata,
  FilePublicMagicMetadata,
} from "../../shared/model/library/file-metadata";
import { UploadResult, sizeRefusal } from "../../shared/model/media/upload-outcomes";
import type { CollectionRef, FileRef } from "../library/collection-operations";
import type { DecryptedFile } from "../library/decrypted-records";
import { contentHashB64 } from "./content-hash";
import type { StorageAllowance } from "./storage-allowance";
import type { UnitContext, UnitOutcome } from "./upload-lanes";
import { type UploadDeps, type UploadMetadata, uploadFile } from "./upload-file";

/** A picked file's bytes and name. */
export interface UnitPart {
  blob: Blob;
  name: string;
}

export interface UploadUnit {
  /** Unique in the run. */
  id: number;
  /** The name shown in progress and results (a live photo's image name). */
  name: string;
  fileType: FileType;
  /** One part, or a live photo's image then video. */
  parts: readonly [UnitPart] | readonly [image: UnitPart, video: UnitPart];
  /** Metadata without the hashes (they are computed here). */
  metadata: Omit<UploadMetadata, "hash" | "imageHash" | "videoHash">;
  pubMagicMetadata?: FilePublicMagicMetadata | undefined;
  magicMetadata?: FilePrivateMagicMetadata | undefined;
  target: UploadAlbum;
}

/**
 * The album a unit goes to.
 *
 * [Note: A collaborator's upload is registered in their own library]
 *
 * The server registers a new file (`POST /files`) only in a collection its
 * uploader owns. A collaborator's photo for an album shared with them is
 * therefore registered in their own uncategorized collection (`registerIn`)
 * and then added to the shared album with `add-files`, which a collaborator
 * may do with their own files. The photo stays theirs: it is in their
 * timeline and counts against their storage, and the album's owner can
 * remove it from the album but not delete it. If the add fails after the
 * registration, the unit fails and nothing is lost: a retry finds the file
 * in the library by its content and only adds it ("added symlink").
 */
export interface UploadAlbum extends CollectionRef {
  /** The user's own collection the file is registered in first, when the album is someone else's. */
  registerIn?: CollectionRef | undefined;
}

/** Where a file with some content already is among the user's own files. */
export interface OwnedCopy extends FileRef {
  collectionID: number;
}

/** What a unit needs of the library the run uploads into. */
export interface UploadLibrary {
  /**
   * The user's own files with this content key and type, wherever they are
   * (trash excluded). See: [Note: Upload dedupe is by content, not by name]
   */
  ownedCopies(contentKey: string, fileType: FileType): readonly OwnedCopy[];
  /**
   * A new file was registered: it shows in the gallery at once, its tile
   * from the thumbnail's ciphertext just sent.
   * See: [Note: An uploaded file's thumbnail is not fetched back]
   */
  uploaded(file: DecryptedFile, thumbnailCiphertext: Uint8Array<ArrayBuffer>): Promise<void>;
  /**
   * Adds an existing file of the user's to another of their collections
   * (its key boxed under the target's key; nothing uploaded again).
   */
  addCopy(copy: OwnedCopy, target: CollectionRef): Promise<void>;
}

export interface UploadUnitDeps extends UploadDeps {
  library: UploadLibrary;
  /** The storage this unit's request may still fill. */
  storage: StorageAllowance;
  /** The thumbnail JPEG of a unit; throws when none can be made. */
  thumbnail: (unit: UploadUnit) => Promise<Uint8Array>;
  /** The JPEG used when no thumbnail can be made (spec: uploaded with a static thumbnail). */
  staticThumbnail: Uint8Array;
  /** A live photo's image and video as one zip (spec §3). */
  livePhotoZip: (image: UnitPart, video: UnitPart) => Promise<Blob>;
}

/**
 * [Note: Upload dedupe is by content, not by name]
 *
 * A picked file is the same as one the user already has when its content
 * hash (BLAKE2b-512 of its bytes; for a live photo the image's and the
 * video's joined by a colon) and its type match one of the user's own files.
 * Names are not compared: a renamed copy is the same photo, and two
 * different photos named IMG_0001.JPG by two cameras are not. Files shared
 * with the user by others are not theirs to add, and are not considered.
 * A copy already in the target album makes the file "already uploaded"; a
 * copy elsewhere is added to the target (its key re-boxed under the album's
 * key, nothing uploaded again): "added symlink".
 */
export const contentKeyOf = (hashesB64: readonly string[]): string => hashesB64.join(":");

const albumRef = ({ id, keyB64 }: UploadAlbum): CollectionRef => ({ id, keyB64 });

const sizeOf = (unit: UploadUnit): number =>
  unit.parts.reduce((total, part) => total + part.blob.size, 0);

/** Hashes the unit's parts one after another, reporting bytes read across them. */
const hashParts = async (
  deps: UploadUnitDeps,
  unit: UploadUnit,
  signal: AbortSignal,
  onHashedBytes: (bytes: number) => void,
): Promise<string[]> => {
  const hashes: string[] = [];
  let before = 0;
  for (const part of unit.parts) {
    const offset = before;
    hashes.push(
      await contentHashB64(deps.pool, part.blob, signal, (bytes) => {
        onHashedBytes(offset + bytes);
      }),
    );
    before += part.blob.size;
  }
  return hashes;
};

/**
 * [Note: Unit progress is hashing then sending]
 *
 * A unit's bytes are read twice: hashed for the dedupe, then encrypted and
 * sent. Its percentage gives the first pass a tenth and the second the rest:
 * hashing runs at several hundred MB/s, sending at the connection's speed.
 */
const hashShare = 0.1;

export const processUploadUnit = async (
  deps: UploadUnitDeps,
  unit: UploadUnit,
  context: UnitContext,
): Promise<UnitOutcome> => {
  const sizeBytes = sizeOf(unit);
  const tooLarge = sizeRefusal(sizeBytes, undefined);
  if (tooLarge !== undefined) return tooLarge;

  const hashes = await hashParts(deps, unit, context.signal, (bytes) => {
    context.onSent(Math.floor(bytes * hashShare));
  });
  const contentKey = contentKeyOf(hashes);
  const copies = deps.library.ownedCopies(contentKey, unit.fileType);
  const inTarget = copies.find((copy) => copy.collectionID === unit.target.id);
  if (inTarget !== undefined) {
    return { result: UploadResult.alreadyUploaded, fileID: inTarget.id };
  }
  const [copy] = copies;
  if (copy !== undefined) {
    await deps.library.addCopy(copy, albumRef(unit.target));
    return { result: UploadResult.addedSymlink, fileID: copy.id };
  }

  // See: [Note: Units claim their storage before they are sent]
  const noRoom = sizeRefusal(sizeBytes, deps.storage.leftBytes());
  if (noRoom !== undefined) return noRoom;
  // It fits (checked just above, in the same synchronous step).
  deps.storage.claim(sizeBytes);
  let stored = false;
  try {
    const outcome = await sendUnit(deps, unit, context, { sizeBytes, hashes, contentKey });
    stored = true;
    return outcome;
  } finally {
    if (!stored) deps.storage.release(sizeBytes);
  }
};

/** Thumbnail, content (a live photo's zip) and the encrypted transfer of a new file. */
const sendUnit = async (
  deps: UploadUnitDeps,
  unit: UploadUnit,
  { signal, onSent }: UnitContext,
  { sizeBytes, hashes, contentKey }: { sizeBytes: number; hashes: string[]; contentKey: string },
): Promise<UnitOutcome> => {
  let thumbnail: Uint8Array;
  let staticThumbnail = false;
  try {
    thumbnail = await deps.thumbnail(unit);
  } catch {
    // Whatever the reason (a format the browser cannot draw, a damaged
    // frame), the file itself still goes in: spec "uploaded with static thumbnail".
    thumbnail = deps.staticThumbnail.slice();
    staticThumbnail = true;
  }

  const [first, second] = unit.parts;
  const content = second === undefined ? first.blob : await deps.livePhotoZip(first, second);
  const [imageHash, videoHash] = hashes;
  const { registerIn } = unit.target;
  const album = albumRef(unit.target);
  const uploaded = await uploadFile(deps, {
    collection: registerIn ?? album,
    file: content,
    thumbnail,
    metadata: {
      ...unit.metadata,
      fileType: unit.fileType,
      hash: contentKey,
      ...(second === undefined ? {} : { imageHash, videoHash }),
    },
    ...(unit.pubMagicMetadata === undefined ? {} : { pubMagicMetadata: unit.pubMagicMetadata }),
    ...(unit.magicMetadata === undefined ? {} : { magicMetadata: unit.magicMetadata }),
    signal,
    onReadBytes: (readBytes) => {
      const fraction = content.size === 0 ? 1 : readBytes / content.size;
      onSent(Math.floor(sizeBytes * (hashShare + (1 - hashShare) * fraction)));
    },
  });
  await deps.library.uploaded(uploaded.file, uploaded.thumbnailCiphertext);
  if (registerIn !== undefined) {
    // See: [Note: A collaborator's upload is registered in their own library]
    const { file } = uploaded;
    await deps.library.addCopy(
      { id: file.id, keyB64: file.keyB64, collectionID: registerIn.id },
      album,
    );
    await deps.library.uploaded({ ...file, collectionID: album.id }, uploaded.thumbnailCiphertext);
  }
  return {
    result: staticThumbnail ? UploadResult.uploadedWithStaticThumbnail : UploadResult.uploaded,
    fileID: uploaded.file.id,
  };
};
