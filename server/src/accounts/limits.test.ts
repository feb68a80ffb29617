import { afterEach, describe, expect, it } from "vitest";
import { deriveSRPLoginSubKey } from "../../../shared/crypto/kdf";
import { generateKey } from "../../../shared/crypto/keys";
import { SRPClientSession } from "../../../shared/crypto/srp";
import { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";

// The attempt and rate limits of wire-contract §0.4.

describe.each(testDatabaseBackends())("account limits on $name", (backend) => {
  let server: TestAccountsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const srpSessionFor = async (client: TestAccountClient, kek: Uint8Array) => {
    const { attributes } = await client.ok<{
      attributes: { srpUserID: string; srpSalt: string };
    }>("GET", `/users/srp/attributes?email=${client.email}`);
    const session = await SRPClientSession.create(
      attributes.srpUserID,
      attributes.srpSalt,
      await deriveSRPLoginSubKey(kek),
    );
    const created = await client.call(
      "POST",
      "/users/srp/create-session",
      { srpUserID: attributes.srpUserID, srpA: session.srpAB64 },
      "",
    );
    return { created, session, srpUserID: attributes.srpUserID };
  };

  it("ends an SRP session after 5 wrong proofs, and refuses a verified one", async () => {
    server = await startTestAccountsServer(backend);
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    const { created, session, srpUserID } = await srpSessionFor(alice, await generateKey());
    const { sessionID, srpB } = created.json<{ sessionID: string; srpB: string }>();
    session.setB(srpB);
    const verify = () =>
      alice.call(
        "POST",
        "/users/srp/verify-session",
        { sessionID, srpUserID, srpM1: session.computeM1B64() },
        "",
      );
    for (let i = 0; i < 5; i++) expect((await verify()).statusCode).toBe(401);
    const locked = await verify();
    expect(locked.statusCode).toBe(410);
    expect(locked.json()).toMatchObject({ code: "TOO_MANY_WRONG_ATTEMPTS" });

    const good = await srpSessionFor(alice, alice.kek);
    const goodSession = good.created.json<{ sessionID: string; srpB: string }>();
    good.session.setB(goodSession.srpB);
    const body = {
      sessionID: goodSession.sessionID,
      srpUserID,
      srpM1: good.session.computeM1B64(),
    };
    expect((await alice.call("POST", "/users/srp/verify-session", body, "")).statusCode).toBe(200);
    const again = await alice.call("POST", "/users/srp/verify-session", body, "");
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: "SESSION_ALREADY_VERIFIED" });
  });

  it("allows 10 unverified SRP sessions per hour", async () => {
    server = await startTestAccountsServer(backend);
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    for (let i = 0; i < 10; i++) {
      expect((await srpSessionFor(alice, alice.kek)).created.statusCode).toBe(200);
    }
    const refused = (await srpSessionFor(alice, alice.kek)).created;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "TOO_MANY_UNVERIFIED_SESSIONS" });
    expect(refused.headers["retry-after"]).toBe("60");
    server.clock.advanceMs(61 * 60_000);
    expect((await srpSessionFor(alice, alice.kek)).created.statusCode).toBe(200);
  });

  it("answers unknown emails 404, then fake but stable attributes once the budget is spent", async () => {
    server = await startTestAccountsServer(backend);
    const client = new TestAccountClient(server, "ghost@example.org");
    const lookup = () =>
      client.call("GET", "/users/srp/attributes?email=ghost@example.org", undefined, "");
    expect((await lookup()).statusCode).toBe(404);
    const { limits } = server.accounts.services;
    while (limits.srpUnknownLookups.tryTake("srp-attributes", limits.scaled(100)));
    const fake = await lookup();
    expect(fake.statusCode).toBe(200);
    expect((await lookup()).json()).toEqual(fake.json());
    const { srpUserID } = fake.json<{ attributes: { srpUserID: string } }>().attributes;
    const session = await client.call(
      "POST",
      "/users/srp/create-session",
      { srpUserID, srpA: Buffer.alloc(512, 7).toString("base64") },
      "",
    );
    expect(session.statusCode).toBe(200);
    expect(Buffer.from(session.json<{ srpB: string }>().srpB, "base64")).toHaveLength(512);
  });

  it("refuses the 11th call a minute to a public account endpoint from one address", async () => {
    server = await startTestAccountsServer(backend, { rateLimitScale: 1 });
    const send = (i: number) =>
      server?.request({
        method: "POST",
        url: "/users/ott",
        payload: { email: `user${String(i)}@example.org`, purpose: "signup" },
      });
    for (let i = 0; i < 10; i++) expect((await send(i))?.statusCode).toBe(200);
    const refused = await send(10);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ error: "Rate limit breached, try later" });
    // The window opened with the first call; the clock has not moved since.
    expect(refused?.headers["retry-after"]).toBe("60");
    server.clock.advanceMs(45_500);
    expect((await send(10))?.headers["retry-after"]).toBe("15");
    // Other paths have their own budget; the minute passes.
    const other = await server.request({ method: "GET", url: "/users/srp/attributes?email=a@b.c" });
    expect(other.statusCode).toBe(404);
    server.clock.advanceMs(15_000);
    expect((await send(11))?.statusCode).toBe(200);
  });
});
