import { castEndpoints } from "./cast";
import { collectionActionEndpoints } from "./collection-actions";
import { collectionEndpoints } from "./collections";
import { embeddingEndpoints } from "./embeddings";
import { fileDataEndpoints } from "./file-data";
import { filePreviewEndpoints } from "./file-previews";
import { fileEndpoints } from "./files";
import { publicCollectionEndpoints } from "./public-collection";
import { trashEndpoints } from "./trash";

/**
 * Every endpoint of the library storage issue (wire-contract §3 to §8, and
 * the embeddings calls the contract adds; casting an album; the queues of
 * collection actions), by area.
 */
export const libraryEndpointAreas = {
  collections: collectionEndpoints,
  collectionActions: collectionActionEndpoints,
  files: fileEndpoints,
  trash: trashEndpoints,
  publicCollection: publicCollectionEndpoints,
  embeddings: embeddingEndpoints,
  fileData: fileDataEndpoints,
  filePreviews: filePreviewEndpoints,
  cast: castEndpoints,
};

export const libraryEndpoints = {
  ...collectionEndpoints,
  ...collectionActionEndpoints,
  ...fileEndpoints,
  ...trashEndpoints,
  ...publicCollectionEndpoints,
  ...embeddingEndpoints,
  ...fileDataEndpoints,
  ...filePreviewEndpoints,
  ...castEndpoints,
};
