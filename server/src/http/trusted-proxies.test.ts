import { describe, expect, it } from "vitest";
import { recordingLogger } from "../../test-support/logger";
import { testEndpoints, testHandlers } from "../../test-support/sample-endpoints";
import { createApiApp } from "./create-api-app";

// The address the per-address rate limits and the logs see, behind a proxy
// and not. See: [Note: A client's address behind a proxy]

const appTrusting = async (trustedProxies: string[] | undefined) => {
  const app = await createApiApp({
    endpoints: testEndpoints,
    handlers: testHandlers,
    logger: recordingLogger(),
    bodyLimitBytes: 4096,
    trustedProxies,
  });
  app.get("/client-address", (request) => ({ ip: request.ip }));
  return app;
};

const addressSeen = async (
  trustedProxies: string[] | undefined,
  from: string,
  forwardedFor: string,
): Promise<string> => {
  const app = await appTrusting(trustedProxies);
  try {
    const answer = await app.inject({
      method: "GET",
      url: "/client-address",
      remoteAddress: from,
      headers: { "x-forwarded-for": forwardedFor },
    });
    return answer.json<{ ip: string }>().ip;
  } finally {
    await app.close();
  }
};

describe("the client's address", () => {
  it("is the one a trusted proxy forwards", async () => {
    expect(await addressSeen(["10.0.0.0/8"], "10.1.2.3", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from anyone else, so a client cannot choose its own address", async () => {
    expect(await addressSeen(["10.0.0.0/8"], "192.0.2.50", "203.0.113.9")).toBe("192.0.2.50");
    expect(await addressSeen(undefined, "10.1.2.3", "203.0.113.9")).toBe("10.1.2.3");
  });
});
