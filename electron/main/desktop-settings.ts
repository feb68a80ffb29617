/**
 * Where the desktop app finds its server.
 *
 * The desktop window hosts the bundled photos app; the app asks its own origin
 * for `/cairn-config.json` (see: [Note: Runtime config of the web apps]) and the
 * desktop shell answers with the origins below. `CAIRN_API_ORIGIN` points the
 * desktop app at another Cairn server; the default is the embedded server that
 * `npm start` runs on this machine.
 *
 * `CAIRN_UPDATE_FEED_URL` is the feed the app looks for updates in (none:
 * it never looks), and `CAIRN_DOWNLOAD_PAGE_URL` the page "Download and
 * install" opens when a package cannot update itself.
 *
 * `CAIRN_BLOB_ORIGINS` names the origins of the server's blob store when it
 * is not the API itself (S3: the API redirects file and thumbnail fetches
 * there, and uploads go there), separated by spaces or commas. The desktop
 * window's Content-Security-Policy lets the app fetch from them and from
 * nowhere else (see: [Note: The desktop app's Content-Security-Policy] and
 * [Note: Where blob URLs point]). The default, none, fits a server that
 * keeps blobs on its own disk.
 */
export interface DesktopSettings {
  apiOrigin: string;
  accountsOrigin: string;
  authOrigin: string;
  roadmapUrl: string;
  familiesUrl: string;
  /** Origins only, e.g. `https://photos.s3.example.com`. */
  blobOrigins: readonly string[];
  /**
   * The update feed (electron-updater's generic provider: a folder with
   * `latest.yml` and the builds); undefined: the app never checks.
   */
  updateFeedURL?: string | undefined;
  /** Where "Download and install" sends people when the app cannot update itself. */
  downloadPageUrl: string;
}

export const defaultDesktopSettings: DesktopSettings = {
  apiOrigin: "http://localhost:8080",
  accountsOrigin: "http://localhost:3001",
  authOrigin: "http://localhost:3002",
  roadmapUrl: "https://github.com/cairn-photos/cairn/issues",
  familiesUrl: "https://github.com/cairn-photos/cairn#families",
  blobOrigins: [],
  downloadPageUrl: "https://github.com/cairn-photos/cairn/releases",
};

/** Reads the settings from an environment map, validating every URL. */
export function desktopSettingsFromEnv(env: Record<string, string | undefined>): DesktopSettings {
  const absoluteURL = (name: string, value: string): URL => {
    try {
      return new URL(value);
    } catch {
      throw new Error(`${name} must be an absolute URL, got "${value}"`);
    }
  };
  const pick = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    return absoluteURL(name, value).toString().replace(/\/$/, "");
  };
  const origins = (name: string): string[] =>
    (env[name] ?? "")
      .split(/[\s,]+/)
      .filter((value) => value !== "")
      .map((value) => {
        const url = absoluteURL(name, value);
        if (url.protocol !== "http:" && url.protocol !== "https:") {
          throw new Error(`${name} must list http or https origins, got "${value}"`);
        }
        return url.origin;
      });
  return {
    apiOrigin: pick("CAIRN_API_ORIGIN", defaultDesktopSettings.apiOrigin),
    accountsOrigin: pick("CAIRN_ACCOUNTS_ORIGIN", defaultDesktopSettings.accountsOrigin),
    authOrigin: pick("CAIRN_AUTH_ORIGIN", defaultDesktopSettings.authOrigin),
    roadmapUrl: pick("CAIRN_ROADMAP_URL", defaultDesktopSettings.roadmapUrl),
    familiesUrl: pick("CAIRN_FAMILIES_URL", defaultDesktopSettings.familiesUrl),
    blobOrigins: origins("CAIRN_BLOB_ORIGINS"),
    updateFeedURL: env.CAIRN_UPDATE_FEED_URL?.trim()
      ? pick("CAIRN_UPDATE_FEED_URL", "")
      : undefined,
    downloadPageUrl: pick("CAIRN_DOWNLOAD_PAGE_URL", defaultDesktopSettings.downloadPageUrl),
  };
}
