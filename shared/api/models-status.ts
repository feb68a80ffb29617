import { z } from "zod";

// The answer of `GET /models/status` (see: [Note: The models folder]). Apart
// from `models.ts` so that a worker that only needs the catalogue and the
// paths (the CLIP runtime) does not load zod (see: [Note: Zod parses without eval]).

/**
 * What the server found for one model:
 * - `ready`: present, of the expected size (and hash, when the manifest has one);
 * - `missing`: no such file in the folder;
 * - `wrong-size`: a file of another size (a partial copy, another version);
 * - `wrong-hash`: the right size, but not the bytes the manifest recorded.
 */
export const modelStates = ["ready", "missing", "wrong-size", "wrong-hash"] as const;
export type ModelState = (typeof modelStates)[number];

/** Why semantic search (or the reference's face models) is off, when it is. */
export const semanticSearchOffReasons = ["no-models-folder", "model-not-ready"] as const;

const availability = z.discriminatedUnion("available", [
  z.object({ available: z.literal(true) }),
  z.object({ available: z.literal(false), reason: z.enum(semanticSearchOffReasons) }),
]);

export const modelsStatusSchema = z.object({
  semanticSearch: availability,
  /**
   * Whether both of the reference's face models are ready (faces are indexed
   * with the built-in models when not). Optional: a server from before the
   * face models (the desktop app may be newer than its server) answers
   * without it, which means not ready. See: [Note: Face engines]
   */
  referenceFaceModels: availability.optional(),
  models: z.array(
    z.object({
      name: z.string(),
      state: z.enum(modelStates),
      expectedSizeBytes: z.number().int().nonnegative(),
      /** Absent when the file is. */
      sizeBytes: z.number().int().nonnegative().optional(),
    }),
  ),
});

export type ModelsStatus = z.infer<typeof modelsStatusSchema>;
