// The gallery page hands its `GalleryClient` to everything under it (the
// selection bar, the dialogs, the viewer) through this context, so that an
// action hook needs no prop drilling and a test can provide a double.

import { createContext, useContext } from "react";
import type { GalleryClient } from "../../../common/library/gallery-client";

export const GalleryClientContext = createContext<GalleryClient | undefined>(undefined);

/** The page's client; undefined until the sync worker has started (or outside a gallery). */
export const usePageGalleryClient = (): GalleryClient | undefined =>
  useContext(GalleryClientContext);
