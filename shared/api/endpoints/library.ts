import { collectionEndpoints } from "./collections";
import { fileEndpoints } from "./files";
import { publicCollectionEndpoints } from "./public-collection";
import { trashEndpoints } from "./trash";

/** Every endpoint of the library storage issue (wire-contract §3 to §7), by area. */
export const libraryEndpointAreas = {
  collections: collectionEndpoints,
  files: fileEndpoints,
  trash: trashEndpoints,
  publicCollection: publicCollectionEndpoints,
};

export const libraryEndpoints = {
  ...collectionEndpoints,
  ...fileEndpoints,
  ...trashEndpoints,
  ...publicCollectionEndpoints,
};
