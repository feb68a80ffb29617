import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { createRateLimiter, rateLimitConstants } from "./rate-limits";
import { StatusError } from "./http-errors";

// The per-user limits of wire-contract §0.4 beyond the strict account paths,
// counted on a clock that the test moves. See also: [Note: Upload URLs are
// not limited per user yet]

const endpoint = (method: string, path: string) => ({ method, path }) as unknown as AnyEndpoint;
const request = { ip: "192.0.2.7" } as FastifyRequest;

/** How many calls pass before the first refusal (at most `tries`). */
const passing = (call: () => void, tries: number): number => {
  for (let i = 0; i < tries; i++) {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(StatusError);
      expect((error as StatusError).status).toBe(429);
      return i;
    }
  }
  return tries;
};

describe("per-user rate limits", () => {
  it.each([
    ["GET", "/files/preview/:fileID", rateLimitConstants.previewsPerSecondPerUser, 1_000],
    ["GET", "/users/public-key", rateLimitConstants.publicKeyPerMinute, 60_000],
  ])("%s %s: %i per user in %i ms, each user on their own", (method, path, limit, windowMs) => {
    let now = 1_000_000;
    const limiter = createRateLimiter(1, () => now);
    const call = (userID: number) => () => {
      limiter.check(endpoint(method, path), request, { userID, token: "t" });
    };
    expect(passing(call(1), limit + 5)).toBe(limit);
    expect(passing(call(2), limit + 5)).toBe(limit);
    now += windowMs;
    expect(passing(call(1), 1)).toBe(1);
  });

  it.each(["/collections/v2/diff", "/files/upload-urls"])(
    "leaves %s to the global limit",
    (path) => {
      const limiter = createRateLimiter(1, () => 0);
      const call = () => {
        limiter.check(endpoint("GET", path), request, { userID: 1 });
      };
      expect(passing(call, 5_000)).toBe(5_000);
    },
  );
});
