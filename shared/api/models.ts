// [Note: The models folder]
//
// Semantic search runs the reference's CLIP models (MobileCLIP S2) so that
// embeddings made by any client of the ecosystem can be compared. They are
// too large to ship in npm packages (210 MB) and nothing is downloaded at run
// time (architecture.md, "Models and data sets"), so the server serves the
// files an operator placed in its models folder (`CAIRN_MODELS_DIR`, filled
// by `npm run admin -- models fetch`) from the photos app's own origin, and
// from the API's for the desktop app (whose pages have an origin of their
// own: see [Note: The desktop keeps the server's models on its disk]):
// `GET /models/<name>` for a file, `GET /models/status` for whether semantic
// search is available and, if not, why. The reference's face models are
// optional in the same folder: with both ready, faces are indexed with them
// (embeddings the reference's apps can compare, see [Note: Face engines]),
// and with the built-in models otherwise; the status says which, apart from
// semantic search. Only the names below are served, and
// only a file of the expected size (and, when the folder's `models.json`
// gives one, of the expected SHA-256), so a half-copied or wrong file is
// reported rather than handed to the inference runtime.

/** Where an app reads a model and the folder's status, on its own origin. */
export const modelsPath = "/models";
export const modelsStatusPath = `${modelsPath}/status`;
export const modelPath = (name: string): string => `${modelsPath}/${encodeURIComponent(name)}`;

export interface ModelFile {
  name: string;
  sizeBytes: number;
}

/**
 * The reference's CLIP models (its desktop ML worker), byte sizes included:
 * the size is how the reference tells a complete file from a partial one.
 */
export const clipImageModel = {
  name: "mobileclip_s2_image_opset18_rgba_opt.onnx",
  sizeBytes: 143_099_752,
} as const satisfies ModelFile;
export const clipTextModel = {
  name: "mobileclip_s2_text_opset18_quant.onnx",
  sizeBytes: 67_144_712,
} as const satisfies ModelFile;

/** The models semantic search needs: every one must be ready for it to be on. */
export const semanticSearchModels: readonly ModelFile[] = [clipImageModel, clipTextModel];

/**
 * The reference's face models (its desktop ML worker and mobile apps), byte
 * sizes included: YOLOv5s-face finds the faces and their 5 landmarks,
 * MobileFaceNet embeds each aligned face. See: [Note: Face engines]
 */
export const faceDetectionModel = {
  name: "yolov5s_face_opset18_rgba_opt_nosplits.onnx",
  sizeBytes: 28_952_651,
} as const satisfies ModelFile;
export const faceEmbeddingModel = {
  name: "mobilefacenet_opset15.onnx",
  sizeBytes: 5_286_998,
} as const satisfies ModelFile;

/** The reference's face models: both must be ready for faces to use them. */
export const faceModels: readonly ModelFile[] = [faceDetectionModel, faceEmbeddingModel];

/** The manifest `npm run admin -- models fetch` writes beside the models. */
export const modelsManifestName = "models.json";
