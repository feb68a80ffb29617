// The page's calls into the upload run of a library's worker: the worker's
// `UploadCalls` as they are (the page does not wait for `cancelUpload`).
// Files go over as `File` handles; the worker reads them.
// Implemented over Comlink by `upload-client-comlink.ts`; view tests use a
// double of it. See: [Note: A worker's API is declared once]

import type { UploadCalls } from "../../../workers/upload/upload-contract";

export type UploadClient = UploadCalls;
