import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendsHSTS, strictTransportSecurity } from "./strict-transport-security";
import "./route-config";

// [Note: The API's security headers]
//
// The API answers JSON, S3-like XML and blob bytes, never a page, and its
// answers are read by script (CORS), never rendered. Every answer, errors and
// preflights included, says so:
// - `X-Content-Type-Options: nosniff`: no browser guesses a type (a blob's
//   bytes as HTML or script).
// - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`:
//   should an answer be opened as a document anyway, it runs and loads
//   nothing and cannot be framed.
// - `Cross-Origin-Resource-Policy: cross-origin` on the local store's blob
//   answers: the apps are cross-origin isolated (see: [Note: Every app
//   answer carries the security headers]) and fetch blobs from this other
//   origin: `cross-origin` lets them have the bytes whatever the request's
//   mode.
// - `Strict-Transport-Security` when the API's public URL is https
//   (see: [Note: HSTS only over https]).

export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** The security headers of one API answer. See: [Note: The API's security headers] */
export const apiSecurityHeaders = ({
  blob,
  https,
}: {
  /** The answer is the local store's, under `/blobs/`. */
  blob: boolean;
  /** The API's public URL is https. */
  https: boolean;
}): Record<string, string> => ({
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": apiContentSecurityPolicy,
  ...(blob ? { "Cross-Origin-Resource-Policy": "cross-origin" } : {}),
  ...(https ? { "Strict-Transport-Security": strictTransportSecurity } : {}),
});

/**
 * Adds the security headers to every answer of `app`. Register it before any
 * hook that may answer early (the CORS preflight). `publicURL` is read per
 * request (the URL is known once the port is bound); no HSTS without it.
 * See: [Note: The API's security headers]
 */
export const registerApiSecurityHeaders = (
  app: FastifyInstance,
  publicURL?: () => string,
): void => {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(apiSecurityHeadersOf(request, publicURL));
  });
};

/** The security headers of the answer to `request`, also for answers given before any hook runs. */
export const apiSecurityHeadersOf = (
  request: FastifyRequest,
  publicURL?: () => string,
): Record<string, string> =>
  apiSecurityHeaders({
    // A request that matched no route (a malformed URL) has no route options.
    blob:
      (request.routeOptions as Partial<typeof request.routeOptions> | undefined)?.config?.cairn
        ?.blob === true,
    https: publicURL !== undefined && sendsHSTS(publicURL()),
  });
