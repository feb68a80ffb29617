// What an upload reports (spec §3): the phases of a run, the result of each
// file, and which failures end a whole run rather than one file (spec §8's
// upload mapping). Pure: the engine and the views share these rules.

import { libraryLimits } from "../../api/endpoints/library-schemas";
import type { ErrorMessageKey } from "../error-messages";
import { CairnError } from "../errors";

/** The phases of an upload run, in order (spec §3); `cancelling` only after a cancel. */
export const UploadPhase = {
  start: "start",
  readingMetadataFiles: "reading-metadata-files",
  extractingMetadata: "extracting-metadata",
  uploading: "uploading",
  cancelling: "cancelling",
  finish: "finish",
} as const;
export type UploadPhase = (typeof UploadPhase)[keyof typeof UploadPhase];

/** What became of one picked file (spec §3), in the order the summary lists them. */
export const UploadResult = {
  failed: "failed",
  alreadyUploaded: "already-uploaded",
  unsupported: "unsupported",
  blocked: "blocked",
  tooLarge: "too-large",
  largerThanAvailableStorage: "larger-than-available-storage",
  uploaded: "uploaded",
  uploadedWithStaticThumbnail: "uploaded-with-static-thumbnail",
  addedSymlink: "added-symlink",
} as const;
export type UploadResult = (typeof UploadResult)[keyof typeof UploadResult];

export const uploadResultsInSummaryOrder: readonly UploadResult[] = Object.values(UploadResult);

/** Results after which the file is in the target album. */
export const isInAlbumResult = (result: UploadResult): boolean =>
  result === UploadResult.uploaded ||
  result === UploadResult.uploadedWithStaticThumbnail ||
  result === UploadResult.addedSymlink ||
  result === UploadResult.alreadyUploaded;

/** Results worth offering "retry": the cause may be gone on a second try. */
export const isRetryableResult = (result: UploadResult): boolean =>
  result === UploadResult.failed || result === UploadResult.blocked;

/**
 * The largest file an upload takes: the server refuses file objects above
 * 10 GiB (wire-contract §10, 413), so a larger one is refused before a byte
 * is read. The encrypted object is a little larger than the file (17 bytes
 * per 4 MiB chunk), which the comparison on plaintext bytes leaves inside
 * the limit for every size a person can pick.
 */
export const maxUploadFileBytes = libraryLimits.fileObjectBytes;

/**
 * [Note: Some upload failures end the run]
 *
 * Spec §8's upload mapping names four refusals. A file over the server's
 * size limit (413) concerns that file alone: it is "too large" and the run
 * goes on. The other three concern every file after it: an expired
 * subscription (402), a full storage (426) and an expired session (401)
 * would refuse each remaining file the same way, so the run stops at the
 * first one, the page shows its message, and the files not yet done are
 * reported as failed with that reason. The file that met a full storage is
 * "larger than available storage": it is what did not fit.
 */
export const runEndingErrorKeys = [
  "subscriptionExpired",
  "storageQuotaExceeded",
  "sessionExpired",
] as const satisfies readonly ErrorMessageKey[];
export type RunEndingErrorKey = (typeof runEndingErrorKeys)[number];

const isRunEndingKey = (key: ErrorMessageKey): key is RunEndingErrorKey =>
  (runEndingErrorKeys as readonly ErrorMessageKey[]).includes(key);

/** How a file's failure is reported: its result, the catalogue key, and whether the run must stop. */
export interface FailureOutcome {
  result: UploadResult;
  /** The catalogue key of the reason, when there is one to show. */
  errorKey?: ErrorMessageKey | undefined;
  /** Set when the whole run must stop. See: [Note: Some upload failures end the run] */
  endsRun?: RunEndingErrorKey | undefined;
  /** The file was not failed: the run was cancelled while it was on its way. */
  cancelled?: boolean;
}

/** The outcome of an error thrown while a file was on its way. See: [Note: Some upload failures end the run] */
export const failureOutcomeOf = (error: unknown): FailureOutcome => {
  if (!(error instanceof CairnError)) return { result: UploadResult.failed };
  const key = error.key;
  if (key === "uploadCancelled") {
    return { result: UploadResult.failed, errorKey: key, cancelled: true };
  }
  if (isRunEndingKey(key)) {
    return {
      result:
        key === "storageQuotaExceeded"
          ? UploadResult.largerThanAvailableStorage
          : UploadResult.failed,
      errorKey: key,
      endsRun: key,
    };
  }
  switch (key) {
    case "unsupportedFileFormat":
      return { result: UploadResult.unsupported, errorKey: key };
    case "fileTooLarge":
      return { result: UploadResult.tooLarge, errorKey: key };
    case "etagMissing":
      // A PUT answered without an ETag: something between the browser and
      // the store (an extension, a proxy) stripped or blocked the upload.
      return { result: UploadResult.blocked, errorKey: key };
    default:
      return { result: UploadResult.failed, errorKey: key };
  }
};

/** Why a file is refused before it is read, or undefined when its size is fine. */
export const sizeRefusal = (
  sizeBytes: number,
  availableStorageBytes: number | undefined,
): { result: UploadResult; errorKey: ErrorMessageKey } | undefined => {
  if (sizeBytes > maxUploadFileBytes) {
    return { result: UploadResult.tooLarge, errorKey: "fileTooLarge" };
  }
  if (availableStorageBytes !== undefined && sizeBytes > availableStorageBytes) {
    return { result: UploadResult.largerThanAvailableStorage, errorKey: "storageQuotaExceeded" };
  }
  return undefined;
};
