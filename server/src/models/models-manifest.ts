import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { modelsManifestName } from "../../../shared/api/models";

// [Note: The models manifest]
//
// `npm run admin -- models fetch` records in `<models dir>/models.json` the
// size and SHA-256 of each file it placed there. The server checks a file's
// hash against it (once per file version, see [Note: A model's hash is
// checked once]); a file without an entry (copied in by hand) is checked by
// its size only, as the reference does.

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const modelsManifestSchema = z.object({
  models: z.record(
    z.string(),
    z.object({
      sizeBytes: z.number().int().nonnegative(),
      sha256: sha256Hex,
      /** Where it was fetched from. */
      url: z.string().optional(),
      /** ISO 8601. */
      fetchedAt: z.string().optional(),
    }),
  ),
});

export type ModelsManifest = z.infer<typeof modelsManifestSchema>;

/**
 * The manifest of `dir`, empty when there is none. An unreadable or malformed
 * one counts as none: the files are then checked by size only.
 */
export const readModelsManifest = async (dir: string): Promise<ModelsManifest> => {
  const text = await readFile(path.join(dir, modelsManifestName), "utf8").catch(() => undefined);
  if (text === undefined) return { models: {} };
  try {
    const parsed = modelsManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { models: {} };
  } catch {
    return { models: {} };
  }
};

/** Writes the manifest through a temporary file and a rename, so a reader never sees half of it. */
export const writeModelsManifest = async (dir: string, manifest: ModelsManifest): Promise<void> => {
  const file = path.join(dir, modelsManifestName);
  const temporary = `${file}.${randomBytes(6).toString("hex")}.partial`;
  try {
    await writeFile(temporary, `${JSON.stringify(manifest, undefined, 2)}\n`);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
};
