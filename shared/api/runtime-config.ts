import { z } from "zod";

// [Note: Runtime configuration]
//
// The built apps hold no server addresses. At start-up each app reads
// `GET /cairn-config.json` from its own origin, which the Cairn server (or,
// in the desktop app, the desktop shell) answers with the API origin, the
// public origins of the three apps and the provider pages that `?redirect=`
// leads to. The same build therefore runs against any deployment.

export const runtimeConfigPath = "/cairn-config.json";

/** Callers append paths (`${apiOrigin}/users/ott`), so origins carry no trailing slash. */
const originOf = (protocol: RegExp) =>
  z.url({ protocol }).transform((url) => url.replace(/\/+$/, ""));

const httpOrigin = originOf(/^https?$/);

export const runtimeConfigSchema = z.object({
  /** The API origin, e.g. `http://localhost:8080`. */
  apiOrigin: httpOrigin,
  /**
   * The public origin of each web app. Inside the desktop app the photos app
   * is served from `cairn-app://photos` (see: [Note: The desktop window's app origin]).
   */
  apps: z.object({
    photos: originOf(/^(https?|cairn-app)$/),
    accounts: httpOrigin,
    auth: httpOrigin,
  }),
  /** Where `?redirect=roadmap` goes. */
  roadmapUrl: z.url({ protocol: /^https?$/ }),
  /** Where `?redirect=families` goes. */
  familiesUrl: z.url({ protocol: /^https?$/ }),
  /**
   * The page to download the desktop app from, offered by the prompt of
   * desktop-only features (spec §2). Absent: the prompt explains without a link.
   */
  desktopDownloadURL: z.url({ protocol: /^https?$/ }).optional(),
});

/** An origin as the runtime config holds it, for overrides such as local storage `apiEndpoint`. */
export const apiOriginSchema = httpOrigin;

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
