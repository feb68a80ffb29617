import { randomBytes } from "node:crypto";
import { createHash } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { faceModels, type ModelFile, semanticSearchModels } from "../../../shared/api/models";
import { sha256OfFile } from "./models-folder";
import { readModelsManifest, writeModelsManifest } from "./models-manifest";

// `npm run admin -- models fetch`: fills the models folder where the machine
// has internet. See: [Note: The models folder]
//
// [Note: A model is fetched whole or not at all]
//
// Each file is downloaded to a temporary name in the folder itself (so the
// final rename stays on one file system and is atomic), its size checked
// against the catalogue as it streams and at the end, its SHA-256 computed
// on the way; only then is it renamed into place and recorded in
// `models.json`. A failure (no network, no DNS, an HTTP error, a wrong size,
// a full disk) removes the temporary file, so the folder never holds a
// partial model under a model's name, and the server never serves one.

/** Where the reference's clients download the models. */
export const defaultModelsBaseURL = "https://models.ente.com";

/** A fetch that could not give a complete, verified model. Its message is one line. */
export class ModelsFetchError extends Error {
  override name = "ModelsFetchError";
}

/**
 * What `models fetch` fills the folder with: semantic search's models, then
 * the reference's face models (optional for the server, but fetched with
 * the others: see [Note: Face engines]).
 */
export const fetchedModels: readonly ModelFile[] = [...semanticSearchModels, ...faceModels];

export interface FetchModelsOptions {
  dir: string;
  /** `CAIRN_MODELS_BASE_URL` or the reference's. */
  baseURL?: string;
  models?: readonly ModelFile[];
  fetch?: typeof globalThis.fetch;
  /** Progress lines. */
  log?: (line: string) => void;
  /** For `fetchedAt`. */
  now?: () => Date;
}

export interface FetchedModel {
  name: string;
  outcome: "fetched" | "already-present";
  sizeBytes: number;
  sha256: string;
}

/** The deepest cause's message: Node's fetch says only "fetch failed" and puts the reason below. */
const reasonOf = (error: unknown): string => {
  let current: unknown = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current instanceof Error ? current.message : String(current);
};

const formatBytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const download = async (
  url: string,
  model: ModelFile,
  dir: string,
  fetchImpl: typeof globalThis.fetch,
): Promise<string> => {
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (error) {
    throw new ModelsFetchError(`Could not reach ${url}: ${reasonOf(error)}`);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new ModelsFetchError(`${url} answered HTTP ${String(response.status)}`);
  }
  const temporary = path.join(dir, `.${model.name}.${randomBytes(6).toString("hex")}.partial`);
  const hash = createHash("sha256");
  let receivedBytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      receivedBytes += chunk.length;
      if (receivedBytes > model.sizeBytes) {
        callback(
          new ModelsFetchError(
            `${url} is larger than the expected ${String(model.sizeBytes)} bytes: not the expected model`,
          ),
        );
        return;
      }
      hash.update(chunk);
      callback(undefined, chunk);
    },
  });
  // The temporary file is created here, before the download streams into
  // it, so that the removal below always finds it: a write stream opening
  // its file lazily could create it after a failed download was cleaned up.
  const file = await open(temporary, "wx");
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      check,
      file.createWriteStream(),
    );
    if (receivedBytes !== model.sizeBytes) {
      throw new ModelsFetchError(
        `${url} gave ${String(receivedBytes)} bytes, expected ${String(model.sizeBytes)}: not the expected model, or the download was cut`,
      );
    }
    const sha256 = hash.digest("hex");
    await rename(temporary, path.join(dir, model.name));
    return sha256;
  } catch (error) {
    if (error instanceof ModelsFetchError) throw error;
    throw new ModelsFetchError(`Downloading ${url} failed: ${reasonOf(error)}`);
  } finally {
    // The stream closes the file when it ends or fails; closing it again is harmless.
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
  }
};

/**
 * Downloads every model of the catalogue that the folder does not already
 * hold verified, and records them in `models.json`. Throws `ModelsFetchError`
 * (one line) on the first failure; models fetched before it are kept and
 * recorded. See: [Note: A model is fetched whole or not at all]
 */
export const fetchModels = async ({
  dir,
  baseURL = defaultModelsBaseURL,
  models = fetchedModels,
  fetch: fetchImpl = globalThis.fetch,
  log = () => undefined,
  now = () => new Date(),
}: FetchModelsOptions): Promise<FetchedModel[]> => {
  await mkdir(dir, { recursive: true });
  const manifest = await readModelsManifest(dir);
  const results: FetchedModel[] = [];
  try {
    for (const model of models) {
      const file = path.join(dir, model.name);
      const recorded = manifest.models[model.name];
      const present = await stat(file).catch(() => undefined);
      if (
        recorded !== undefined &&
        present?.size === model.sizeBytes &&
        (await sha256OfFile(file)) === recorded.sha256
      ) {
        log(`${model.name}: already present and verified`);
        results.push({ name: model.name, outcome: "already-present", ...recorded });
        continue;
      }
      const url = `${baseURL.replace(/\/+$/, "")}/${encodeURIComponent(model.name)}`;
      log(`${model.name}: downloading ${formatBytes(model.sizeBytes)} from ${url}`);
      const sha256 = await download(url, model, dir, fetchImpl);
      manifest.models[model.name] = {
        sizeBytes: model.sizeBytes,
        sha256,
        url,
        fetchedAt: now().toISOString(),
      };
      results.push({ name: model.name, outcome: "fetched", sizeBytes: model.sizeBytes, sha256 });
      log(`${model.name}: done (sha256 ${sha256})`);
    }
  } finally {
    await writeModelsManifest(dir, manifest);
  }
  return results;
};
