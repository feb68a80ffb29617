import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../../../shared/api/endpoint";
import { TestAccountClient } from "../../test-support/account-client";
import {
  allAccountEndpoints,
  startTestAccountsServer,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { sqliteBackend } from "../../test-support/databases";

// Every account endpoint, fed missing fields, wrong types, huge strings and
// random bytes, answers a 4xx with a `code` or an `error` and never a 5xx;
// the server keeps answering afterwards. Fixed seed, bounded runs.

const bodyLimitBytes = 2 * 1024 * 1024;
const hugeString = "x".repeat(1024 * 1024);

/** Endpoints that end the caller's session whatever the input; fuzzed without a token. */
const sessionEnding = new Set(["logout"]);

const endpointEntries = Object.entries(allAccountEndpoints) as [string, AnyEndpoint][];

const fieldNames = [
  "email",
  "ott",
  "purpose",
  "keyAttributes",
  "srpUserID",
  "srpA",
  "srpM1",
  "setupID",
  "sessionID",
  "code",
  "secret",
  "key",
  "value",
  "challenge",
  "isEnabled",
  "id",
  "response",
];

const jsonValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constant(hugeString),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(fc.string(), fc.integer()), {
    maxKeys: 3,
  }),
);

/** A request body: nothing, `{}`, objects of wrong or huge fields, non-objects, or random bytes. */
const badBody = fc.oneof(
  fc.constant<{ kind: "none" }>({ kind: "none" }),
  fc.record({
    kind: fc.constant("json" as const),
    value: fc.oneof(
      fc.constant({}),
      fc.dictionary(fc.constantFrom(...fieldNames), jsonValue, { maxKeys: 6 }),
      jsonValue,
    ),
  }),
  fc.record({
    kind: fc.constant("bytes" as const),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 2048 }),
  }),
);

const badQuery = fc.dictionary(
  fc.constantFrom(
    "email",
    "key",
    "sessionID",
    "token",
    "memoryCount",
    "twoFactorType",
    "friendlyName",
    "defaultValue",
    "ceremonySessionID",
  ),
  fc.oneof(fc.string(), fc.constant(hugeString.slice(0, 4096)), fc.constant("true")),
  { maxKeys: 3 },
);

describe("account endpoints under bad input", () => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let accountsToken: string;
  beforeAll(async () => {
    server = await startTestAccountsServer(sqliteBackend, { bodyLimitBytes });
    alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    accountsToken = (await alice.ok<{ accountsToken: string }>("GET", "/users/accounts-token"))
      .accountsToken;
  });
  afterAll(async () => {
    await server.close();
  });

  it("never answers 5xx, and every refusal carries a code or an error", async () => {
    const fuzz = fc.record({
      entry: fc.constantFrom(...endpointEntries),
      body: badBody,
      query: badQuery,
      authenticated: fc.boolean(),
      paramID: fc.oneof(fc.string(), fc.uuid()),
    });
    await fc.assert(
      fc.asyncProperty(
        fuzz,
        async ({ entry: [name, endpoint], body, query, authenticated, paramID }) => {
          const headers: Record<string, string> = {};
          if (authenticated && !sessionEnding.has(name)) {
            headers["x-auth-token"] =
              endpoint.auth === "accountsToken" ? accountsToken : alice.token;
          }
          let payload: string | Buffer | undefined;
          if (body.kind === "json") {
            payload = JSON.stringify(body.value);
            headers["content-type"] = "application/json";
          } else if (body.kind === "bytes") {
            payload = Buffer.from(body.bytes);
            headers["content-type"] = "application/json";
          }
          const path = endpoint.path.replace(":id", encodeURIComponent(paramID) || "x");
          const search = new URLSearchParams(query).toString();
          const answer = await server.request({
            method: endpoint.method,
            url: search === "" ? path : `${path}?${search}`,
            headers,
            ...(payload === undefined || endpoint.method === "GET" ? {} : { payload }),
          });
          expect(answer.statusCode, `${name}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            const parsed: unknown = answer.json();
            expect(
              typeof parsed === "object" &&
                parsed !== null &&
                ("code" in parsed || "error" in parsed),
              `${name} ${String(answer.statusCode)}: ${answer.body.slice(0, 300)}`,
            ).toBe(true);
          }
          if (endpoint.body !== undefined && body.kind !== "json") {
            expect(answer.statusCode, name).toBeGreaterThanOrEqual(400);
          }
        },
      ),
      { seed: 20260322, numRuns: 400 },
    );
    const ping = await server.request({ method: "GET", url: "/ping" });
    expect(ping.statusCode).toBe(200);
  }, 120_000);

  it("answers 413 beyond the body limit", async () => {
    const answer = await server.request({
      method: "POST",
      url: "/users/ott",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "x".repeat(bodyLimitBytes) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: "REQUEST_TOO_LARGE" });
  });
});
