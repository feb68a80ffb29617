// What the upload panel says: each phase, each result's heading, and the
// reason shown beside a file that did not go in (the catalogue's messages,
// spec §8). Pure; table-tested.

import type { ErrorMessageKey } from "../../../shared/model/error-messages";
import {
  type RunEndingErrorKey,
  UploadPhase,
  UploadResult,
} from "../../../shared/model/media/upload-outcomes";
import {
  allWentIn,
  type UploadProgressSnapshot,
} from "../../../shared/model/media/upload-progress";
import type { MessageId } from "../../common/i18n/messages";

const phaseMessages: Record<UploadPhase, MessageId> = {
  [UploadPhase.start]: "upload.phase.start",
  [UploadPhase.readingMetadataFiles]: "upload.phase.readingMetadataFiles",
  [UploadPhase.extractingMetadata]: "upload.phase.extractingMetadata",
  [UploadPhase.uploading]: "upload.phase.uploading",
  [UploadPhase.cancelling]: "upload.phase.cancelling",
  [UploadPhase.finish]: "upload.phase.finish",
};

/**
 * The panel's heading for a run: its phase in words; at its finish, whether
 * it was cancelled ('upload cancelled', spec §8) and whether every file went
 * in. Before the first snapshot the run is starting.
 */
export const runHeadingMessage = (snapshot: UploadProgressSnapshot | undefined): MessageId => {
  if (snapshot === undefined) return phaseMessages[UploadPhase.start];
  if (snapshot.phase !== UploadPhase.finish) return phaseMessages[snapshot.phase];
  if (snapshot.cancelled) return "upload.cancelled";
  return allWentIn(snapshot) ? "upload.phase.finish" : "upload.phase.finishWithProblems";
};

/** Each result's heading, with `{count}` files. */
export const resultMessages: Record<UploadResult, MessageId> = {
  [UploadResult.failed]: "upload.result.failed",
  [UploadResult.alreadyUploaded]: "upload.result.alreadyUploaded",
  [UploadResult.unsupported]: "upload.result.unsupported",
  [UploadResult.blocked]: "upload.result.blocked",
  [UploadResult.tooLarge]: "upload.result.tooLarge",
  [UploadResult.largerThanAvailableStorage]: "upload.result.largerThanAvailableStorage",
  [UploadResult.uploaded]: "upload.result.uploaded",
  [UploadResult.uploadedWithStaticThumbnail]: "upload.result.uploadedWithStaticThumbnail",
  [UploadResult.addedSymlink]: "upload.result.addedSymlink",
};

/** A sentence under a result's heading where the heading alone would puzzle. */
export const resultExplanations: Partial<Record<UploadResult, MessageId>> = {
  [UploadResult.blocked]: "upload.result.blocked.explain",
  [UploadResult.uploadedWithStaticThumbnail]: "upload.result.uploadedWithStaticThumbnail.explain",
};

// The catalogue keys an upload reports (upload-outcomes.ts) to the messages
// that explain them. A blocked file's key (`etagMissing`) is explained by
// its group's sentence; a key without a message of its own says that
// something went wrong.
const reasonMessages: Partial<Record<ErrorMessageKey, MessageId | null>> = {
  unsupportedFileFormat: "error.unsupportedFileFormat",
  invalidMimeType: "error.unsupportedFileFormat",
  fileTooLarge: "error.fileTooLarge",
  storageQuotaExceeded: "error.storageQuotaExceeded",
  subscriptionExpired: "error.subscriptionExpired",
  sessionExpired: "error.sessionExpired",
  networkError: "error.network",
  requestTimeout: "error.requestTimeout",
  tooManyRequests: "error.tooManyRequests",
  serverError: "error.server",
  fileConversionFailed: "upload.reason.conversionFailed",
  uploadCancelled: "upload.cancelled",
  etagMissing: null,
};

/** The reason shown beside a file, or undefined when there is none to show. */
export const reasonMessage = (errorKey: ErrorMessageKey | undefined): MessageId | undefined => {
  if (errorKey === undefined) return undefined;
  const message = reasonMessages[errorKey];
  if (message === null) return undefined;
  return message ?? "error.unknown";
};

/**
 * The dialog a refusal that ended the run shows over the summary (spec §8's
 * messages), or the app's session-expired dialog (spec §2: only "Log in").
 * See: [Note: Some upload failures end the run]
 */
export type RunEndingDisplay =
  { kind: "session-expired" } | { kind: "dialog"; title: MessageId; message: MessageId };

/**
 * Who uploads: the account's owner, or a public link's visitor, whose
 * refusals are the album owner's storage and plan (and whose 401 means the
 * link's password changed, not a session to log in again).
 */
export type Uploader = "account" | "visitor";

export const runEndingDisplay = (
  key: RunEndingErrorKey,
  uploader: Uploader = "account",
): RunEndingDisplay => {
  switch (key) {
    case "sessionExpired":
      return uploader === "account"
        ? { kind: "session-expired" }
        : {
            kind: "dialog",
            title: "upload.visitor.linkChanged.title",
            message: "upload.visitor.linkChanged.message",
          };
    case "subscriptionExpired":
      return {
        kind: "dialog",
        title: "upload.subscriptionExpired.title",
        message:
          uploader === "account"
            ? "error.subscriptionExpired"
            : "upload.visitor.subscriptionExpired.message",
      };
    case "storageQuotaExceeded":
      return {
        kind: "dialog",
        title: "upload.storageFull.title",
        message:
          uploader === "account"
            ? "error.storageQuotaExceeded"
            : "upload.visitor.storageFull.message",
      };
  }
};
