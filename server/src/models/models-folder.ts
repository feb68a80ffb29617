import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { faceModels, type ModelFile, semanticSearchModels } from "../../../shared/api/models";
import type { ModelState, ModelsStatus } from "../../../shared/api/models-status";
import { readModelsManifest } from "./models-manifest";

// The server's view of its models folder: which files are ready to be served.
// See: [Note: The models folder]

/** A model file found ready: what the route needs to send it. */
export interface ReadyModel {
  file: string;
  sizeBytes: number;
  mtimeMs: number;
  /** From the manifest, when it has the file. */
  sha256: string | undefined;
}

export interface ModelsFolder {
  dir: string;
  status: () => Promise<ModelsStatus>;
  /** The file of a catalogue model if it is ready; undefined for any other name or state. */
  readyModel: (name: string) => Promise<ReadyModel | undefined>;
}

export interface ModelsFolderOptions {
  /** `CAIRN_MODELS_DIR`. */
  dir: string;
  /** Semantic search's models; tests pass the tiny models' sizes. */
  models?: readonly ModelFile[];
  /** The reference's face models (optional ones); tests pass the tiny models' sizes. */
  faceModels?: readonly ModelFile[];
  /** `sha256OfFile`; tests count the calls. */
  hashFile?: (file: string) => Promise<string>;
}

/** The SHA-256 of a file, read as a stream (the image model is 143 MB). */
export const sha256OfFile = async (file: string): Promise<string> => {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
};

const fileStats = async (file: string) => {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

const dirExists = async (dir: string) => {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
};

interface Inspection {
  state: ModelState;
  sizeBytes?: number;
  ready?: ReadyModel;
}

/**
 * The models folder at `dir`. See: [Note: The models folder]
 *
 * [Note: A model's hash is checked once]
 *
 * Every request stats the file (cheap) so a file replaced or removed while
 * the server runs is noticed at once, but a file's SHA-256 is computed only
 * once per version of it (its size, modification time and the manifest's
 * hash), and the outcome kept: hashing the image model takes about a second
 * of CPU, which no request should pay twice.
 */
export const createModelsFolder = ({
  dir,
  models = semanticSearchModels,
  faceModels: referenceFaceModels = faceModels,
  hashFile = sha256OfFile,
}: ModelsFolderOptions): ModelsFolder => {
  const catalogue = [...models, ...referenceFaceModels];
  const hashChecks = new Map<string, { version: string; matches: Promise<boolean> }>();

  const hashMatches = (file: string, version: string, expectedSha256: string) => {
    const known = hashChecks.get(file);
    if (known?.version === version) return known.matches;
    const matches = hashFile(file).then(
      (sha256) => sha256 === expectedSha256,
      () => false,
    );
    hashChecks.set(file, { version, matches });
    return matches;
  };

  const inspect = async (model: ModelFile): Promise<Inspection> => {
    const file = path.join(dir, model.name);
    const stats = await fileStats(file);
    if (stats === undefined) return { state: "missing" };
    if (stats.size !== model.sizeBytes) return { state: "wrong-size", sizeBytes: stats.size };
    const sha256 = (await readModelsManifest(dir)).models[model.name]?.sha256;
    if (sha256 !== undefined) {
      const version = `${String(stats.size)}-${String(stats.mtimeMs)}-${sha256}`;
      if (!(await hashMatches(file, version, sha256))) {
        return { state: "wrong-hash", sizeBytes: stats.size };
      }
    }
    return {
      state: "ready",
      sizeBytes: stats.size,
      ready: { file, sizeBytes: stats.size, mtimeMs: stats.mtimeMs, sha256 },
    };
  };

  return {
    dir,
    status: async () => {
      const folderExists = await dirExists(dir);
      const inspections = await Promise.all(
        catalogue.map(async (model) => ({
          model,
          inspection: folderExists ? await inspect(model) : { state: "missing" as const },
        })),
      );
      const availabilityOf = (wanted: readonly ModelFile[]) =>
        inspections.every(
          ({ model, inspection }) => !wanted.includes(model) || inspection.state === "ready",
        )
          ? { available: true as const }
          : {
              available: false as const,
              reason: folderExists ? ("model-not-ready" as const) : ("no-models-folder" as const),
            };
      return {
        semanticSearch: availabilityOf(models),
        referenceFaceModels: availabilityOf(referenceFaceModels),
        models: inspections.map(({ model, inspection }) => ({
          name: model.name,
          state: inspection.state,
          expectedSizeBytes: model.sizeBytes,
          ...(inspection.sizeBytes === undefined ? {} : { sizeBytes: inspection.sizeBytes }),
        })),
      };
    },
    readyModel: async (name) => {
      const model = catalogue.find((candidate) => candidate.name === name);
      if (model === undefined) return undefined;
      return (await inspect(model)).ready;
    },
  };
};
