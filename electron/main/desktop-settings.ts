/**
 * Where the desktop app finds its server.
 *
 * The desktop window hosts the bundled photos app; the app asks its own origin
 * for `/cairn-config.json` (see: [Note: Runtime config of the web apps]) and the
 * desktop shell answers with the origins below. `CAIRN_API_ORIGIN` points the
 * desktop app at another Cairn server; the default is the embedded server that
 * `npm start` runs on this machine.
 */
export interface DesktopSettings {
  apiOrigin: string;
  accountsOrigin: string;
  authOrigin: string;
  roadmapUrl: string;
  familiesUrl: string;
}

export const defaultDesktopSettings: DesktopSettings = {
  apiOrigin: "http://localhost:8080",
  accountsOrigin: "http://localhost:3001",
  authOrigin: "http://localhost:3002",
  roadmapUrl: "https://github.com/cairn-photos/cairn/issues",
  familiesUrl: "https://github.com/cairn-photos/cairn#families",
};

/** Reads the settings from an environment map, validating every URL. */
export function desktopSettingsFromEnv(env: Record<string, string | undefined>): DesktopSettings {
  const pick = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    try {
      return new URL(value).toString().replace(/\/$/, "");
    } catch {
      throw new Error(`${name} must be an absolute URL, got "${value}"`);
    }
  };
  return {
    apiOrigin: pick("CAIRN_API_ORIGIN", defaultDesktopSettings.apiOrigin),
    accountsOrigin: pick("CAIRN_ACCOUNTS_ORIGIN", defaultDesktopSettings.accountsOrigin),
    authOrigin: pick("CAIRN_AUTH_ORIGIN", defaultDesktopSettings.authOrigin),
    roadmapUrl: pick("CAIRN_ROADMAP_URL", defaultDesktopSettings.roadmapUrl),
    familiesUrl: pick("CAIRN_FAMILIES_URL", defaultDesktopSettings.familiesUrl),
  };
}
