// The timed face clusterings, the same on both sides (the bench page's
// worker and the bench process, each with tfjs's wasm backend for the dot
// products, as the ML worker clusters): seeded random unit faces, an
// untimed warm-up on a few of them, then runs from scratch and incremental
// runs in which all but the last faces were placed by an earlier run.

import { clusterFaces } from "../../../workers/ml/faces/face-clusters";
import type { DotProducts } from "../../../workers/ml/faces/face-similarity";
import { randomFaces } from "../../../workers/ml/faces/test-support/random-faces";
import {
  type FaceClusteringTimes,
  clusterFaceCount,
  clusterFromScratchPasses,
  clusterIncrementalPasses,
  clusterNewFaceCount,
  faceEmbeddingDims,
  seeds,
} from "./parameters";

/** Two blocks of the clustering's comparisons (256 faces each): both product shapes met once. */
const warmUpFaceCount = 512;

const elapsedMs = (run: () => void): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

export const measureFaceClustering = (dotProducts: DotProducts): FaceClusteringTimes => {
  const faces = randomFaces(clusterFaceCount, faceEmbeddingDims, seeds.faceEmbeddings);
  let clustersMade = 0;
  const newClusterID = () => `c${String((clustersMade += 1))}`;
  // Untimed: the backend's first products (kernel set-up, memory growth).
  clusterFaces(faces.slice(0, warmUpFaceCount), { newClusterID, dotProducts });

  let fromScratch = new Map<string, string>();
  let clusters = 0;
  const fromScratchMs = Array.from({ length: clusterFromScratchPasses }, () =>
    elapsedMs(() => {
      const clustering = clusterFaces(faces, { newClusterID, dotProducts });
      fromScratch = clustering.clusterIDByFaceID;
      clusters = clustering.clusters.length;
    }),
  );

  // An earlier run placed every face but the new ones: what it assigned
  // them is what the run from scratch did, placing faces in the same order.
  const previous = new Map(
    faces.slice(0, clusterFaceCount - clusterNewFaceCount).map(({ faceID }) => {
      const clusterID = fromScratch.get(faceID);
      if (clusterID === undefined) throw new Error(`Face ${faceID} was not clustered`);
      return [faceID, clusterID] as const;
    }),
  );
  const incrementalMs = Array.from({ length: clusterIncrementalPasses }, () =>
    elapsedMs(() => {
      const clustering = clusterFaces(faces, { previous, newClusterID, dotProducts });
      if (clustering.clusters.length !== clusters) {
        throw new Error(
          `The incremental clustering made ${String(clustering.clusters.length)} clusters, from scratch ${String(clusters)}`,
        );
      }
    }),
  );
  return { fromScratchMs, incrementalMs, clusters };
};
