import type { FastifyRequest } from "fastify";

// Request logs must not hold credentials. Session and link tokens can travel
// in the query (`?token=` on download redirects, wire-contract §0.1) and blob
// URLs carry their signatures there; both are replaced before a URL is
// logged. Headers are not logged at all, and neither are request bodies
// (where OTTs, SRP values, TOTP codes and secrets, passwords' KEK fields and
// scoped JWTs travel), nor the mail that carries codes (mailer.ts).

const sensitiveParams = new Set([
  "token",
  // 2FA and passkey login sessions: whoever holds one may fetch the login's token.
  "sessionid",
  "ceremonysessionid",
  "accesstoken",
  "accesstokenjwt",
  "casttoken",
  "x-cairn-signature",
  "x-amz-signature",
  "x-amz-credential",
]);

export const redactURL = (url: string): string => {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const params = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return sensitiveParams.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${params.join("&")}`;
};

/** The request as it appears in logs: method, redacted URL and peer. */
export const serializeRequestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: redactURL(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
