import type { CollectionFileItem } from "../../../../shared/api/endpoints/library-schemas";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import type { ApiError } from "../../../../shared/model/errors";
import { apiError, badRequest, notFound } from "../../http/api-errors";
import { deletedFileMarker, type FileRow } from "../file-json";
import type { FileObjects, ObjectType } from "./object-repository";

// Pure rules of `POST /files/copy` (wire-contract §5.3): which batches are
// taken, and which files of a source collection a caller may copy.
//
// [Note: A copy batch over its cap is a bad request]
//
// Other batches past their cap are 413 (See: [Note: Batches beyond their
// cap are refused with 413]); a copy of more than 100 files is 400, as the
// reference server answers it. The Ente apps send 100 at most, so neither
// status is met by them; the reference's is kept for any other client
// written against it.
//
// [Note: Who may copy a file]
//
// The caller reads the source collection (owns it, or has a live share of it
// in any role: a viewer may save what it sees) and owns the destination;
// both are live and of the request's app. Every file is live in the source
// collection (404 `FILE_NOT_FOUND_IN_ALBUM` otherwise, whether or not it
// exists elsewhere: the reference answers 500 here) and owned by someone
// else (400: a file of one's own is added to a collection, not copied). The
// files are checked all for membership first, then all for ownership, as
// the reference does, so a mixed batch gets its status.

/** Why a batch of file IDs is refused (400), or undefined. See: [Note: A copy batch over its cap is a bad request] */
export const copyBatchProblem = (fileIDs: readonly number[]): string | undefined => {
  if (fileIDs.length > libraryLimits.copyBatch) {
    return `At most ${String(libraryLimits.copyBatch)} files are copied per request, not ${String(fileIDs.length)}`;
  }
  if (new Set(fileIDs).size !== fileIDs.length) return "A file is listed more than once";
  return undefined;
};

/** The columns of a file that its copy carries, and its owner. */
export type CopiedFileRow = Pick<
  FileRow,
  | "file_id"
  | "owner_id"
  | "file_decryption_header"
  | "thumbnail_decryption_header"
  | "metadata_decryption_header"
  | "encrypted_metadata"
  | "pub_magic_metadata"
>;

/** A live object of a file, as `object_keys` holds it. */
export interface LiveObjectRow {
  file_id: number;
  o_type: ObjectType;
  object_key: string;
  size: number;
}

/** What was read about the requested files. */
export interface CopyFacts {
  /** Those of the requested files that are live in the source collection. */
  liveInSource: ReadonlySet<number>;
  /** The requested files' rows (missing for a file that does not exist). */
  files: readonly CopiedFileRow[];
  /** The requested files' live objects. */
  objects: readonly LiveObjectRow[];
}

/** A file to copy: the request's item (its key under the destination's key), its row, its objects. */
export interface CopySource {
  item: CollectionFileItem;
  file: CopiedFileRow;
  objects: FileObjects;
}

export type CopyRefusal =
  | { kind: "notInSourceCollection"; fileID: number }
  | { kind: "ownFile"; fileID: number }
  | { kind: "deleted"; fileID: number };

/**
 * The files a caller may copy, in the request's order, or why not.
 * See: [Note: Who may copy a file]
 */
export const planCopies = (
  callerID: number,
  items: readonly CollectionFileItem[],
  facts: CopyFacts,
): CopySource[] | CopyRefusal => {
  const outside = items.find((item) => !facts.liveInSource.has(item.id));
  if (outside !== undefined) return { kind: "notInSourceCollection", fileID: outside.id };
  const files = new Map(facts.files.map((file) => [file.file_id, file]));
  const own = items.find((item) => files.get(item.id)?.owner_id === callerID);
  if (own !== undefined) return { kind: "ownFile", fileID: own.id };
  const sources: CopySource[] = [];
  for (const item of items) {
    const file = files.get(item.id);
    const object = (type: ObjectType) =>
      facts.objects.find((row) => row.file_id === item.id && row.o_type === type);
    const [fileObject, thumbnail] = [object("file"), object("thumbnail")];
    // A live file always has both objects; one without is being deleted for good.
    if (
      file === undefined ||
      file.encrypted_metadata === deletedFileMarker ||
      fileObject === undefined ||
      thumbnail === undefined
    ) {
      return { kind: "deleted", fileID: item.id };
    }
    sources.push({
      item,
      file,
      objects: {
        fileKey: fileObject.object_key,
        thumbnailKey: thumbnail.object_key,
        fileSizeBytes: fileObject.size,
        thumbSizeBytes: thumbnail.size,
      },
    });
  }
  return sources;
};

/** The answer to a refusal. See: [Note: Who may copy a file] */
export const copyRefusalError = (refusal: CopyRefusal): ApiError => {
  const file = `File ${String(refusal.fileID)}`;
  switch (refusal.kind) {
    case "notInSourceCollection":
      return apiError(404, "FILE_NOT_FOUND_IN_ALBUM", `${file} is not in the source collection`);
    case "ownFile":
      return badRequest(`${file} is the caller's own: it is added to a collection, not copied`);
    case "deleted":
      return notFound(`${file} is deleted`);
  }
};
