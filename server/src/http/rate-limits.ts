import type { FastifyRequest } from "fastify";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { WindowCounter } from "../accounts/window-counter";
import type { AccountsTokenSession, CastSession, PublicLinkSession, UserSession } from "./auth";
import { StatusError } from "./http-errors";
import { millisecondsPerMinute } from "../time";
import { retryLaterAfter } from "./retry-after";

// [Note: Rate limits scale for tests]
//
// The limits of wire-contract §0.4 are per minute (per second for the global
// one), counted in process (see [Note: Fixed-window counters]). Every base
// limit is multiplied by `CAIRN_RATE_LIMIT_SCALE` (default 1): the browser
// and server tests of whole flows, which legitimately make more than ten
// account calls a minute from one address, run with a large scale, and the
// test of the limits themselves runs at 1 and sees the 11th call refused.

// [Note: Signed object URLs are outside the API's global limit]
//
// The global limit (1000 requests a second per process, wire-contract §0.4)
// counts the API's requests. The local blob store's signed URLs are served
// by the same process but are the object store's traffic: on S3 they never
// reach the server, each one is bounded by its signature and expiry, and a
// thumbnail costs two requests (the preview's redirect, then the object)
// where the limit was sized for one. Counting them halved what a household
// could do on the embedded setup: the load bench's devices, scrolling
// thumbnails at full speed on two cores, were refused by the global limit
// while the process had room. So they are not counted.

/** Account and link endpoints limited per IP and per user (wire-contract §0.4). */
const strictPaths = new Set([
  "/users/ott",
  "/users/verify-email",
  "/users/change-email",
  "/public-collection/verify-password",
  "/file-link/verify-password",
  "/family/accept-invite",
  "/family/invite-info/:token",
  "/family/add-member",
  "/events",
  "/discount/claim",
  "/paste/create",
  "/public-collection/anon-identity",
]);
const strictPrefixes = ["/users/srp/", "/users/two-factor/"];

// [Note: Upload URLs are not limited per user yet]
//
// Wire-contract §0.4 also limits upload-URL calls (500 a minute per user, 250
// per public link's collection). Ente's clients ask for URLs in batches;
// Cairn's uploader asks once per file (two URLs), so a fast upload of small
// photos makes more than 250 calls a minute and would be refused mid-upload.
// These limits wait for the uploader to batch its URL calls.

export const rateLimitConstants = {
  strictPerMinute: 10,
  publicKeyPerMinute: 200,
  previewsPerSecondPerUser: 700,
  globalPerSecond: 1000,
} as const;

export const isStrictlyLimited = (endpoint: Pick<AnyEndpoint, "method" | "path">): boolean =>
  strictPaths.has(endpoint.path) ||
  (endpoint.method === "POST" && endpoint.path === "/cast/device-info") ||
  strictPrefixes.some((prefix) => endpoint.path.startsWith(prefix));

export const rateLimitBreached = (): StatusError =>
  new StatusError(429, { error: "Rate limit breached, try later" });

type Session = UserSession | AccountsTokenSession | PublicLinkSession | CastSession | undefined;

export interface RateLimiter {
  /** Counts a request before routing; throws 429 past the global limit. */
  checkGlobal(): void;
  /** Counts a request once its caller is known; throws 429 past a limit. */
  check(endpoint: AnyEndpoint, request: FastifyRequest, session: Session): void;
}

export const createRateLimiter = (scale: number, nowMs: () => number = Date.now): RateLimiter => {
  const scaled = (base: number) => Math.max(1, Math.ceil(base * scale));
  const perMinute = new WindowCounter(millisecondsPerMinute, nowMs);
  const perSecond = new WindowCounter(1000, nowMs);
  // See: [Note: Every 429 says when to try again]
  const take = (counter: WindowCounter, key: string, limit: number) => {
    if (!counter.tryTake(key, limit)) {
      throw retryLaterAfter(rateLimitBreached(), counter.msUntilReset(key));
    }
  };
  return {
    checkGlobal() {
      take(perSecond, "global", scaled(rateLimitConstants.globalPerSecond));
    },
    check(endpoint, request, session) {
      const route = `${endpoint.method} ${endpoint.path}`;
      if (isStrictlyLimited(endpoint)) {
        take(perMinute, `ip:${request.ip}:${route}`, scaled(rateLimitConstants.strictPerMinute));
        if (session !== undefined && "userID" in session) {
          take(
            perMinute,
            `user:${String(session.userID)}:${route}`,
            scaled(rateLimitConstants.strictPerMinute),
          );
        }
      }
      const userID = session !== undefined && "userID" in session ? session.userID : undefined;
      if (userID !== undefined) {
        const userKey = `user:${String(userID)}:${route}`;
        if (endpoint.path === "/users/public-key") {
          take(perMinute, userKey, scaled(rateLimitConstants.publicKeyPerMinute));
        } else if (endpoint.path === "/files/preview/:fileID") {
          take(perSecond, userKey, scaled(rateLimitConstants.previewsPerSecondPerUser));
        }
      }
    },
  };
};
