// [Note: Runtime config of the web apps]
//
// A web app learns its server only at start-up, never from its build: it
// fetches `/cairn-config.json` from its own origin (bypassing the HTTP cache,
// since a deployment changes it without a rebuild), validates it against the
// shared schema, and renders its routes only once that succeeded; until then
// it shows the loader, and on a failure a dialog whose only way on is to
// retry. Whoever serves the app answers that path: the Cairn server, the dev
// server's proxy, or the desktop shell. A developer can point one browser at
// another API by setting local storage `apiEndpoint`, which overrides
// `apiOrigin`. The file's contract: See: [Note: Runtime configuration]
// (shared/api/runtime-config.ts).

import {
  apiOriginSchema,
  runtimeConfigPath,
  runtimeConfigSchema,
  type RuntimeConfig,
} from "../../../shared/api/runtime-config";

export { runtimeConfigPath, runtimeConfigSchema, type RuntimeConfig };

export type RuntimeConfigFailure = "network" | "http-status" | "invalid";

export class RuntimeConfigError extends Error {
  override readonly name = "RuntimeConfigError";
  constructor(
    readonly failure: RuntimeConfigFailure,
    detail: string,
  ) {
    super(`Could not load ${runtimeConfigPath} (${failure}): ${detail}`);
  }
}

/** `config` with `apiOrigin` replaced by the stored override, when there is one. */
export function applyApiEndpointOverride(
  config: RuntimeConfig,
  apiEndpoint: string | undefined,
): RuntimeConfig {
  if (apiEndpoint === undefined) return config;
  const parsed = apiOriginSchema.safeParse(apiEndpoint);
  return parsed.success ? { ...config, apiOrigin: parsed.data } : config;
}

export interface LoadRuntimeConfigOptions {
  fetch: typeof globalThis.fetch;
  /** Local storage `apiEndpoint`, if set. */
  apiEndpoint: string | undefined;
}

/**
 * Fetch, validate and return the runtime configuration.
 * See: [Note: Runtime config of the web apps]
 *
 * @throws RuntimeConfigError
 */
export async function loadRuntimeConfig({
  fetch,
  apiEndpoint,
}: LoadRuntimeConfigOptions): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Deployments change it without rebuilding the app: never use a cached copy.
    response = await fetch(runtimeConfigPath, { cache: "no-store" });
  } catch (e) {
    throw new RuntimeConfigError("network", String(e));
  }
  if (!response.ok) throw new RuntimeConfigError("http-status", `HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (e) {
    throw new RuntimeConfigError("invalid", String(e));
  }
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) throw new RuntimeConfigError("invalid", parsed.error.message);
  return applyApiEndpointOverride(parsed.data, apiEndpoint);
}
