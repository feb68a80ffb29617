import { type DotProducts, dotProductsJS } from "./face-similarity";

// Face clustering: the reference's linear clustering, incremental. Faces
// good enough to cluster are placed one by one, in the order given; each
// joins the cluster of the most similar face placed before it when that
// similarity reaches the join threshold, and starts a cluster otherwise.
// Faces placed by an earlier run keep their clusters (and the clusters
// their IDs), so a run places only the new faces. Pure: the IDs of new
// clusters come from the caller, and so may the dot products' engine.
//
// Unlike the reference, a face is compared with every face before it (the
// reference works in overlapping batches of 10,000 and stops looking at the
// first face 0.9 similar), so the result does not depend on where batches
// end; and a face's own badness (blurry, sideways) does not raise the
// threshold. The comparisons are made a block of new faces at a time, so
// that an engine can make them as one matrix product.

/** A face as clustering sees it: its ID, embedding (L2-normalised), score and blur. */
export interface ClusterableFace {
  faceID: string;
  embedding: Float32Array;
  score: number;
  blur: number;
}

export interface FaceCluster {
  id: string;
  /** Its faces, in the order they were placed. */
  faceIDs: string[];
}

// [Note: Face clustering thresholds]
//
// Measured on the fixtures (shared/fixtures/faces, 1024 px thumbnails; the
// face indexer's test prints the whole matrix):
// - Cosine similarity of our embeddings (see [Note: The face embedding is
//   the centred root of FaceRes's descriptor]), over the 12 faces of Obama
//   (8) and Biden (4), leaving out the pairs that are the same photo
//   (obama-3 and two-people's left half: 0.97; the video frame at two
//   sizes: 0.99), which are the easiest:
//     same person, least similar: 0.48 (biden-1, biden-2), 0.49, 0.52
//     (obama-2, obama-3), 0.54…0.71 for the other Obama pairs;
//     different people, most similar: 0.35 (a video frame of Obama, Biden in
//     obama-and-biden.jpg), 0.35, 0.34; most are 0.19 to 0.33.
//   `joinSimilarity` 0.42 sits between, 0.06 from each side. The reference's
//   0.76 is for its MobileFaceNet embeddings and means nothing here.
// - Score: true faces 0.86 to 0.97, but for a half-hidden face at the
//   frame's edge (0.68), which the detector keeps (see [Note: The face score
//   threshold]) and clustering leaves out: a partial face is where
//   embeddings go wrong. 0.8 is the reference's value and fits ours.
// - Blur (see [Note: Face blur is the variance of the Laplacian]): sharp
//   faces 190 (a face 120 px wide) to 1,330 (240 px); obama-1's face blurred
//   by a 9×9 box filter twice, 16, and still 0.72 similar to the sharp one.
//   The reference's 10 leaves out only faces blurrier than that.
export interface FaceClusteringThresholds {
  /** Faces scoring less are not clustered (the detector was unsure). */
  minScore: number;
  /** Faces blurrier than this (variance of the Laplacian) are not clustered. */
  minBlur: number;
  /** A face joins its most similar placed face's cluster from this cosine similarity. */
  joinSimilarity: number;
}

/** See: [Note: Face clustering thresholds] */
export const faceClusteringThresholds: Readonly<FaceClusteringThresholds> = {
  minScore: 0.8,
  minBlur: 10,
  joinSimilarity: 0.42,
};

export interface ClusterFacesOptions {
  /** An earlier run's assignment, face ID → cluster ID; kept for the faces still given. */
  previous?: ReadonlyMap<string, string>;
  /** A new cluster's ID (never one of `previous`'s). */
  newClusterID: () => string;
  thresholds?: Partial<FaceClusteringThresholds>;
  /** The dot products' engine; plain JavaScript unless given. */
  dotProducts?: DotProducts;
}

export interface FaceClustering {
  /** Every clustered face's cluster. */
  clusterIDByFaceID: Map<string, string>;
  /** The clusters, earlier ones first, each with its faces. */
  clusters: FaceCluster[];
}

/** The rows compared in one call of the dot products: 256 new faces × all earlier ones (10 MB at 10,000). */
const blockSize = 256;

/** Whether a face is good enough to cluster. */
export const isClusterable = (
  { score, blur }: Pick<ClusterableFace, "score" | "blur">,
  thresholds: Pick<FaceClusteringThresholds, "minScore" | "minBlur"> = faceClusteringThresholds,
): boolean => score >= thresholds.minScore && blur >= thresholds.minBlur;

/** The faces' clusters; see the file's comment and [Note: Face clustering thresholds]. */
export const clusterFaces = (
  faces: readonly ClusterableFace[],
  { previous, newClusterID, thresholds, dotProducts = dotProductsJS }: ClusterFacesOptions,
): FaceClustering => {
  const { joinSimilarity, ...filters } = { ...faceClusteringThresholds, ...thresholds };
  const clusterable = faces.filter((face) => isClusterable(face, filters));
  const placedBefore = clusterable.filter(({ faceID }) => previous?.has(faceID) === true);
  const newFaces = clusterable.filter(({ faceID }) => previous?.has(faceID) !== true);
  // Earlier faces first: a new face is compared with every face before it.
  const ordered = [...placedBefore, ...newFaces];
  const dims = ordered[0]?.embedding.length ?? 0;
  const embeddings = new Float32Array(ordered.length * dims);
  for (const [i, { faceID, embedding }] of ordered.entries()) {
    if (embedding.length !== dims) {
      throw new RangeError(
        `Face ${faceID} has ${String(embedding.length)} floats, not ${String(dims)}`,
      );
    }
    embeddings.set(embedding, i * dims);
  }

  /** The cluster of each placed face of `ordered`, by index. */
  const clusterIDOf: string[] = [];
  const clusterIDByFaceID = new Map<string, string>();
  const clusterByID = new Map<string, FaceCluster>();
  const place = (faceID: string, clusterID: string) => {
    clusterIDOf.push(clusterID);
    clusterIDByFaceID.set(faceID, clusterID);
    let cluster = clusterByID.get(clusterID);
    if (cluster === undefined) {
      cluster = { id: clusterID, faceIDs: [] };
      clusterByID.set(clusterID, cluster);
    }
    cluster.faceIDs.push(faceID);
  };
  for (const { faceID } of placedBefore) place(faceID, previous?.get(faceID) ?? newClusterID());

  for (let start = placedBefore.length; start < ordered.length; start += blockSize) {
    const end = Math.min(start + blockSize, ordered.length);
    // Each new face of the block against every face before the block's end;
    // only those before the face itself are read.
    const similarities = dotProducts(
      embeddings.subarray(start * dims, end * dims),
      end - start,
      embeddings,
      end,
      dims,
    );
    for (let i = start; i < end; i++) {
      const row = (i - start) * end;
      let nearest = -1;
      let nearestSimilarity = joinSimilarity;
      for (let j = 0; j < i; j++) {
        const similarity = similarities[row + j] ?? Number.NEGATIVE_INFINITY;
        if (similarity >= nearestSimilarity) {
          nearest = j;
          nearestSimilarity = similarity;
        }
      }
      const face = ordered[i];
      if (face === undefined) continue;
      place(face.faceID, nearest < 0 ? newClusterID() : (clusterIDOf[nearest] ?? newClusterID()));
    }
  }

  return { clusterIDByFaceID, clusters: [...clusterByID.values()] };
};
