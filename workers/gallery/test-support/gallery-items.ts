// Test support: gallery items as the worker hands them to the page, for tests
// on either side of the gallery contract.

import type { GalleryItem } from "../gallery-contract";

/** An own, visible image of collection 10 whose time and title follow its ID. */
export const testGalleryItem = (id: number): GalleryItem => ({
  id,
  collectionID: 10,
  isOwn: true,
  fileType: 0,
  timeUs: id,
  title: `IMG_${String(id)}.jpg`,
  isFavorite: false,
  visibility: 0,
});
