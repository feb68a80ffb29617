import type { FastifyRequest } from "fastify";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { WindowCounter } from "../accounts/window-counter";
import type { AccountsTokenSession, PublicLinkSession, UserSession } from "./auth";
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

export const rateLimitConstants = {
  strictPerMinute: 10,
  publicKeyPerMinute: 200,
  globalPerSecond: 1000,
} as const;

export const isStrictlyLimited = (endpoint: Pick<AnyEndpoint, "method" | "path">): boolean =>
  strictPaths.has(endpoint.path) ||
  (endpoint.method === "POST" && endpoint.path === "/cast/device-info") ||
  strictPrefixes.some((prefix) => endpoint.path.startsWith(prefix));

export const rateLimitBreached = (): StatusError =>
  new StatusError(429, { error: "Rate limit breached, try later" });

type Session = UserSession | AccountsTokenSession | PublicLinkSession | undefined;

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
      if (endpoint.path === "/users/public-key" && session !== undefined && "userID" in session) {
        take(
          perMinute,
          `user:${String(session.userID)}:${route}`,
          scaled(rateLimitConstants.publicKeyPerMinute),
        );
      }
    },
  };
};
