// The page's call into the sync worker for the photo editor's Save: the
// worker's `EditedCopyCalls` as they are. Implemented over Comlink by
// `edited-copy-client-comlink.ts`; view tests use a double of it.
// See: [Note: A worker's API is declared once]

import type { EditedCopyCalls } from "../../../workers/upload/edited-copy-contract";

export type EditedCopyClient = EditedCopyCalls;
