import { z } from "zod";

// The runtime configuration each app port serves at `/cairn-config.json`, so
// that a built web app never hard-codes where the API or its sibling apps
// live: the server knows its public URLs, the apps read them at start-up.

export const runtimeConfigPath = "/cairn-config.json";

export const runtimeConfigSchema = z.object({
  /** The API origin, e.g. `http://localhost:8080`. */
  apiOrigin: z.string(),
  /** The public URL of each web app. */
  apps: z.object({ photos: z.string(), accounts: z.string(), auth: z.string() }),
  /** Where `?redirect=roadmap` goes. */
  roadmapUrl: z.string(),
  /** Where `?redirect=families` goes. */
  familiesUrl: z.string(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
