import { faceModels, semanticSearchModels } from "../../../shared/api/models";
import { createModelsFolder } from "../models/models-folder";
import { defaultModelsBaseURL, fetchModels, ModelsFetchError } from "../models/fetch-models";
import type { AdminIO } from "./run-admin";

// `npm run admin -- models fetch | status`. See: [Note: The models folder]

const modelStateText = {
  ready: "ready",
  missing: "missing",
  "wrong-size": "wrong size",
  "wrong-hash": "does not match the SHA-256 of models.json",
} as const;

const statusLines = async (dir: string, io: AdminIO): Promise<boolean> => {
  const status = await createModelsFolder({
    dir,
    ...(io.models === undefined ? {} : { models: io.models }),
    ...(io.faceModels === undefined ? {} : { faceModels: io.faceModels }),
  }).status();
  const lines = [`Models folder: ${dir}`];
  for (const model of status.models) {
    const size =
      model.sizeBytes === undefined || model.state === "ready"
        ? ""
        : ` (${String(model.sizeBytes)} bytes, expected ${String(model.expectedSizeBytes)})`;
    lines.push(`  ${model.name}: ${modelStateText[model.state]}${size}`);
  }
  const { semanticSearch, referenceFaceModels } = status;
  lines.push(
    semanticSearch.available
      ? "Semantic search is available."
      : semanticSearch.reason === "no-models-folder"
        ? "Semantic search is off: the folder does not exist (run npm run admin -- models fetch)."
        : "Semantic search is off: a model is not ready (run npm run admin -- models fetch).",
    referenceFaceModels?.available === true
      ? "Faces are indexed with the reference's models."
      : "Faces are indexed with the built-in models (the reference's are not ready).",
  );
  io.out(lines.join("\n"));
  return semanticSearch.available;
};

/** Answers the exit code: 0 done, 1 failed. */
export const runModelsCommand = async (
  name: "models-fetch" | "models-status",
  dir: string,
  io: AdminIO,
): Promise<number> => {
  if (name === "models-status") {
    await statusLines(dir, io);
    return 0;
  }
  const configuredBaseURL = io.environment.CAIRN_MODELS_BASE_URL;
  const baseURL =
    configuredBaseURL === undefined || configuredBaseURL === ""
      ? defaultModelsBaseURL
      : configuredBaseURL;
  try {
    await fetchModels({
      dir,
      baseURL,
      models: [...(io.models ?? semanticSearchModels), ...(io.faceModels ?? faceModels)],
      ...(io.fetch === undefined ? {} : { fetch: io.fetch }),
      log: io.out,
    });
  } catch (error) {
    if (error instanceof ModelsFetchError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  await statusLines(dir, io);
  return 0;
};
