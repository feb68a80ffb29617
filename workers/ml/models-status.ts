// The server's models folder as an app reads it: `GET /models/status` on
// the origin serving the models (see: [Note: The models folder]).

import { modelsStatusPath } from "../../shared/api/models";
import { type ModelsStatus, modelsStatusSchema } from "../../shared/api/models-status";

/** The folder's status; undefined when it cannot be read (unreachable, an error, an answer of another shape). */
export const fetchModelsStatus = async (
  fetch: typeof globalThis.fetch,
  origin: string,
): Promise<ModelsStatus | undefined> => {
  let answer: unknown;
  try {
    const response = await fetch(new URL(modelsStatusPath, origin).href);
    if (!response.ok) return undefined;
    answer = await response.json();
  } catch {
    return undefined;
  }
  const status = modelsStatusSchema.safeParse(answer);
  return status.success ? status.data : undefined;
};
