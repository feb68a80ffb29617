// How long clustering 10,000 random 1024-float faces from scratch takes,
// with plain JavaScript and with tfjs's wasm backend:
// `npx tsx workers/ml/faces/test-support/cluster-timing.ts [count]`.

import { clusterFaces } from "../face-clusters";
import { tfjsDotProducts } from "../face-similarity-tfjs";
import { loadNodeFaceHost } from "./node-faces";
import { randomFaces } from "./random-faces";

const count = Number(process.argv[2] ?? 10_000);
const faces = randomFaces(count, 1024);
const { tf } = await loadNodeFaceHost();
for (const [engine, dotProducts] of [
  ["tfjs wasm", tfjsDotProducts(tf)],
  ["JavaScript", undefined],
] as const) {
  let next = 0;
  const start = performance.now();
  const { clusters } = clusterFaces(faces, {
    newClusterID: () => String(++next),
    ...(dotProducts === undefined ? {} : { dotProducts }),
  });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${String(count)} faces, ${engine}: ${seconds.toFixed(1)} s, ${String(clusters.length)} clusters`,
  );
}
