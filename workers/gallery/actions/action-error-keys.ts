// The catalogue's message (spec §8) for each reason the worker refuses an
// organizing action, for a caller that reports a refusal as an error key
// (saving an edited copy) rather than through the gallery's own messages.

import type { ErrorMessageKey } from "../../../shared/model/error-messages";
import type { ActionErrorCode } from "../gallery-contract";

// The codes without a message of their own in the catalogue (a stale view,
// sharing and album-name refusals, which no caller of this map meets) say
// the catalogue's generic "Something went wrong, please try again".
const errorKeys: Record<ActionErrorCode, ErrorMessageKey> = {
  "not-file-owner": "notFileOwner",
  "invalid-collection-operation": "invalidCollectionOperation",
  "session-expired": "sessionExpired",
  network: "networkError",
  stale: "unknownError",
  "not-found": "notFound",
  "album-name-taken": "unknownError",
  "no-exif-date": "noMetadata",
  "storage-quota-exceeded": "storageQuotaExceeded",
  "no-account-for-email": "unknownError",
  "cannot-share-with-self": "unknownError",
  "link-device-limit-fixed": "unknownError",
  "restore-needs-album": "unknownError",
  unknown: "unknownError",
};

export const actionErrorKey = (code: ActionErrorCode): ErrorMessageKey => errorKeys[code];
