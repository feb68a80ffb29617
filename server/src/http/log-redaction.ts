import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from "fastify";
import type { LogLevel } from "../config/config";

// [Note: Logs hold no credential and no email]
//
// Request logs must not hold credentials or emails. Session and link tokens
// can travel in the query (`?token=` on download redirects, wire-contract
// §0.1), emails do on two lookups (`?email=`), blob URLs carry their
// signatures there, and an invite token travels in a path
// (`/family/invite-info/:token`); all are replaced before a URL is logged.
// Which query and path parameters are replaced is decided by their name, so
// a new parameter named like a credential is covered without a list to keep
// up to date. Headers are not logged at all (the request serializer names
// method, URL, host and peer only), and the raw bytes of an unparsable
// request, which the HTTP parser attaches to its error and fastify logs at
// trace level, are cut from that error. Request bodies (where OTTs, SRP
// values, TOTP codes and secrets, passwords' KEK fields and scoped JWTs
// travel) are not logged, nor is the mail that carries codes, whose
// recipient is logged as a keyed hash (mailer.ts).

/** Parameter names that carry a credential or an email, in any case. */
const sensitiveName =
  /token|email|signature|credential|session|secret|password|challenge|^ott$|^code$/i;

export const redactedValue = "[redacted]";

/** Whether a query or path parameter of this name is kept out of logs. */
export const isSensitiveParameterName = (name: string): boolean => sensitiveName.test(name);

const decodedOrAsIs = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed name is judged as it came.
    return text;
  }
};

/** The path with the segments that fill a sensitive `:param` of `routePattern` replaced. */
const redactPath = (urlPath: string, routePattern: string | undefined): string => {
  if (routePattern === undefined || !routePattern.includes(":")) return urlPath;
  const patternSegments = routePattern.split("/");
  return urlPath
    .split("/")
    .map((segment, index) => {
      const names = [...(patternSegments[index] ?? "").matchAll(/:(\w+)/g)].map((m) => m[1]);
      return names.some((name) => name !== undefined && isSensitiveParameterName(name))
        ? redactedValue
        : segment;
    })
    .join("/");
};

/**
 * The URL as it may be logged: sensitive query parameters' values and the
 * path segments of sensitive route parameters replaced.
 * See: [Note: Logs hold no credential and no email]
 */
export const redactURL = (url: string, routePattern?: string): string => {
  const at = url.indexOf("?");
  const urlPath = redactPath(at === -1 ? url : url.slice(0, at), routePattern);
  if (at === -1) return urlPath;
  const params = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      return isSensitiveParameterName(decodedOrAsIs(name)) ? `${name}=${redactedValue}` : pair;
    });
  return `${urlPath}?${params.join("&")}`;
};

/** The request as it appears in logs: method, redacted URL and peer. */
export const serializeRequestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: redactURL(request.url, request.routeOptions.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** Where the server's JSON log lines go: anything with `write(line)`. */
export type LogStream = NonNullable<FastifyLoggerOptions["stream"]>;

type ServerLoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/**
 * The options of the server's JSON logger at `level`, writing to `stream`
 * (standard output when absent). See: [Note: Logs hold no credential and no email]
 */
export const serverLoggerOptions = (level: LogLevel, stream?: LogStream): ServerLoggerOptions => ({
  level,
  serializers: { req: serializeRequestForLog },
  // Node's HTTP parser keeps an unparsable request's bytes, headers and all,
  // on the error as `rawPacket`.
  redact: { paths: ["err.rawPacket"], censor: redactedValue },
  ...(stream === undefined ? {} : { stream }),
});
