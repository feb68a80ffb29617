import { describe, expect, it } from "vitest";
import type { ModelsStatus } from "../../../shared/api/models-status";
import { faceClusteringThresholds } from "./face-clusters";
import { faceEngineFor, faceEngines } from "./face-engines";

// See: [Note: Face engines]

const status = (referenceFaceModels: ModelsStatus["referenceFaceModels"]): ModelsStatus => ({
  semanticSearch: { available: true },
  ...(referenceFaceModels === undefined ? {} : { referenceFaceModels }),
  models: [],
});

describe("the face engine", () => {
  it.each([
    ["both reference models are ready", status({ available: true }), "yolov5face-mobilefacenet"],
    [
      "a reference model is not ready",
      status({ available: false, reason: "model-not-ready" }),
      "blazeface-faceres",
    ],
    [
      "there is no models folder",
      status({ available: false, reason: "no-models-folder" }),
      "blazeface-faceres",
    ],
    ["the server predates the face models", status(undefined), "blazeface-faceres"],
    ["the status could not be read", undefined, "blazeface-faceres"],
  ])("when %s is %s", (_, answer, engine) => {
    expect(faceEngineFor(answer)).toBe(engine);
  });

  it("clusters each engine's embeddings with its own thresholds", () => {
    expect(faceEngines["blazeface-faceres"]).toMatchObject({
      embeddingLength: 1024,
      clustering: faceClusteringThresholds,
    });
    expect(faceEngines["blazeface-faceres"].clustering.joinSimilarity).toBe(0.42);
    expect(faceEngines["yolov5face-mobilefacenet"]).toEqual({
      name: "yolov5face-mobilefacenet",
      embeddingLength: 192,
      clustering: { minScore: 0.8, minBlur: 10, joinSimilarity: 0.76 },
      badFaceJoinSimilarity: 0.84,
    });
  });
});
