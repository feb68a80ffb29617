import path from "node:path";
import type { DesktopSettings } from "./desktop-settings";

/**
 * [Note: The desktop window's app origin]
 *
 * The desktop window loads the bundled photos app from `cairn-app://photos/`,
 * a privileged standard scheme, rather than from `file://`. A standard origin
 * gives the app a real origin (so local storage, IndexedDB and workers behave
 * as on the web), lets it fetch `/cairn-config.json` like it does from the
 * server, and lets client-side routes (`/gallery`, `/login`) fall back to
 * `index.html` as the server's SPA hosting does.
 */
export const appScheme = "cairn-app";
export const appHost = "photos";
export const appOrigin = `${appScheme}://${appHost}`;

export type AppProtocolAnswer =
  { kind: "file"; filePath: string } | { kind: "json"; body: string } | { kind: "not-found" };

/**
 * Decides what a request to the app origin is answered with. Pure: the caller
 * checks that a chosen file exists and turns the answer into a response.
 */
export function answerAppRequest(
  requestURL: string,
  rendererDir: string,
  settings: DesktopSettings,
  fileExists: (filePath: string) => boolean,
): AppProtocolAnswer {
  let url: URL;
  try {
    url = new URL(requestURL);
  } catch {
    return { kind: "not-found" };
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return { kind: "not-found" };

  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: "not-found" };
  }

  if (pathname === "/cairn-config.json") {
    return { kind: "json", body: JSON.stringify(runtimeConfigFor(settings)) };
  }

  const root = path.resolve(rendererDir);
  const candidate = path.resolve(root, "." + pathname);
  // Never serve anything outside the renderer folder ("/../../etc/passwd").
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return { kind: "not-found" };

  if (candidate !== root && fileExists(candidate)) return { kind: "file", filePath: candidate };
  // A missing asset is a 404; any other path is a client-side route.
  if (pathname.startsWith("/assets/") || path.extname(pathname) !== "")
    return { kind: "not-found" };
  return { kind: "file", filePath: path.join(root, "index.html") };
}

/** The runtime config the photos app expects, built from the desktop settings. */
export function runtimeConfigFor(settings: DesktopSettings) {
  return {
    apiOrigin: settings.apiOrigin,
    apps: { photos: appOrigin, accounts: settings.accountsOrigin, auth: settings.authOrigin },
    roadmapUrl: settings.roadmapUrl,
    familiesUrl: settings.familiesUrl,
  };
}

export interface AppRequestHandlerOptions {
  rendererDir: string;
  settings: DesktopSettings;
  /**
   * The Content-Security-Policy of every answer, which answers wait for when
   * it is still being made. See: [Note: The desktop app's Content-Security-Policy],
   * [Note: The desktop learns the map's tile service at start]
   */
  contentSecurityPolicy: string | Promise<string>;
  fileExists: (filePath: string) => boolean;
  /** Reads a file of the renderer folder as a response with its content type. */
  fetchFile: (filePath: string) => Promise<Response>;
}

/**
 * The app protocol's handler: every answer, files, the runtime config and
 * 404s alike, carries the policy (a worker takes its policy from its own
 * script's answer, as on the web: see [Note: Every app answer carries the
 * security headers]).
 */
export function appRequestHandler({
  rendererDir,
  settings,
  contentSecurityPolicy,
  fileExists,
  fetchFile,
}: AppRequestHandlerOptions): (request: { url: string }) => Promise<Response> {
  return async (request) => {
    const policy = await contentSecurityPolicy;
    const withPolicy = (headers: HeadersInit): Headers => {
      const all = new Headers(headers);
      all.set("Content-Security-Policy", policy);
      return all;
    };
    const answer = answerAppRequest(request.url, rendererDir, settings, fileExists);
    switch (answer.kind) {
      case "json":
        return new Response(answer.body, {
          headers: withPolicy({ "Content-Type": "application/json", "Cache-Control": "no-store" }),
        });
      case "file": {
        const file = await fetchFile(answer.filePath);
        return new Response(file.body, {
          status: file.status,
          headers: withPolicy(file.headers),
        });
      }
      case "not-found":
        return new Response("Not found", {
          status: 404,
          headers: withPolicy({ "Content-Type": "text/plain; charset=utf-8" }),
        });
    }
  };
}
