// A reference for the face indexer and face clustering: the same models and
// the same clustering on the same tfjs wasm backend in Node (the tests'
// indexer), over the same photos decoded and scaled to thumbnail size
// (1024 px at most on the long side) by ffmpeg (the face tests' fixtures).
// Only the indexing is timed: it is the same WebAssembly on both sides, so
// the ratio shows what the browser's worker costs it, not a native limit.

import { tfjsDotProducts } from "../../../workers/ml/faces/face-similarity-tfjs";
import { faceFixtureImage } from "../../../workers/ml/faces/test-support/face-fixtures";
import { loadNodeFaceIndexer } from "../../../workers/ml/faces/test-support/node-faces";
import { measureFaceClustering } from "./face-clustering-passes";
import { type FaceClusteringTimes, type FacesThroughput, facesPasses } from "./parameters";

export interface NodeFaces {
  indexing: FacesThroughput;
  clustering: FaceClusteringTimes;
}

/** Every timed pass of the face indexer over the face fixtures `names`, then the clusterings, in Node. */
export const measureNodeFaces = async (names: readonly string[]): Promise<NodeFaces> => {
  const images = await Promise.all(names.map((name) => faceFixtureImage(name)));
  const { tf, indexer } = await loadNodeFaceIndexer();
  try {
    const [first] = images;
    if (first === undefined) throw new Error("No photos to index");
    await indexer.detectFaces(first); // untimed, as on the browser's side
    const passes: FacesThroughput["passes"] = [];
    let scores: number[][] = [];
    for (let pass = 0; pass < facesPasses; pass++) {
      scores = [];
      const start = performance.now();
      for (const image of images) {
        scores.push((await indexer.detectFaces(image)).map(({ score }) => score));
      }
      const indexMs = performance.now() - start;
      const faces = scores.reduce((sum, photoScores) => sum + photoScores.length, 0);
      passes.push({ photos: images.length, faces, decodeMs: 0, indexMs });
    }
    return {
      indexing: { passes, scores },
      clustering: measureFaceClustering(tfjsDotProducts(tf)),
    };
  } finally {
    indexer.dispose();
  }
};
