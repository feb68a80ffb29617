// The product's error catalogue (spec §8): every message the apps may show or
// log, spelled once. Code never compares these strings to recognise an error;
// it checks the error's class or its `key` (see errors.ts).

export const errorMessages = {
  videoPlaybackFailed: "video playback failed",
  etagMissing: "no header/etag present in response body",
  keyMissing: "encrypted key missing from localStorage",
  failedToLoadWebWorker: "failed to load web worker",
  unsupportedFileFormat: "unsupported file format",
  fileTooLarge: "file too large",
  subscriptionExpired: "subscription expired",
  storageQuotaExceeded: "storage quota exceeded",
  sessionExpired: "session expired",
  invalidMimeType: "invalid mime type",
  signupFailed: "signup failed",
  favoriteCollectionMissing: "favorite collection missing",
  invalidCollectionOperation: "invalid collection operation",
  requestCanceled: "request canceled",
  requestFailed: "request failed",
  tokenExpired: "token expired",
  tokenMissing: "token missing",
  tooManyRequests: "too many requests",
  badRequest: "bad request",
  subscriptionNotPresent: "subscription not present",
  notFound: "not found",
  noMetadata: "no metadata",
  incorrectPassword: "incorrect password",
  uploadCancelled: "upload cancelled",
  requestTimeout: "request taking too long",
  unknownError: "Something went wrong, please try again",
  networkError: "Network Error",
  notFileOwner: "not file owner",
  updateExportedRecordFailed: "update file exported record failed",
  exportStopped: "export stopped",
  noExportFolderSelected: "no export folder selected",
  exportFolderDoesNotExist: "export folder does not exist",
  exportRecordJsonParsingFailed: "export record json parsing failed",
  twoFactorEnabled: "two factor enabled",
  clientError: "client error",
  serverError: "server error",
  fileNotFound: "file not found",
  unsupportedPlatform: "Unsupported platform",
  urlAlreadySet: "url already set",
  fileConversionFailed: "file conversion failed",
  authKeyNotFound: "auth key not found",
  orphanClipIndexing: "Orphan CLIP indexing without a login",
  invalidEmbeddingLength: "invalid length embedding data length",
  embeddingLengthMismatch: "imageEmbedding and textEmbedding length mismatch",
  userMissing: "user missing",
} as const;

/** The name of a fixed message of the catalogue. */
export type ErrorMessageKey = keyof typeof errorMessages;

/** The catalogue's one parameterised message: 'invalid redirection {value}'. */
export const invalidRedirectionMessage = (value: string): string => `invalid redirection ${value}`;
