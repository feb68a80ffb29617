// The gallery page hands the tab's `UploadClient` to the upload views through
// this context (the page creates it beside the gallery client); a test
// provides a double. Without a client there is no upload button and no drop
// zone.

import { createContext, useContext } from "react";
import type { UploadClient } from "../../common/library/upload-client";

export const UploadClientContext = createContext<UploadClient | undefined>(undefined);

/** The page's upload client; undefined until the sync worker has started (or outside a gallery). */
export const useUploadClient = (): UploadClient | undefined => useContext(UploadClientContext);
