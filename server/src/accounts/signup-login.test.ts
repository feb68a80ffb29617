import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EmailAuthorizationResponse } from "../../../shared/api/endpoints/account-schemas";
import { generateKey } from "../../../shared/crypto/keys";
import {
  TestAccountClient,
  keyAttributesFor,
  newAccountKeys,
} from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { firstAccountID } from "./users";

describe.each(testDatabaseBackends())("sign-up and login on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  it("signs up: mails a code, creates the user from 1580559962386438, hands a plain token", async () => {
    const alice = new TestAccountClient(server, "Alice@Example.org ");
    expect((await alice.sendCode("signup")).statusCode).toBe(200);
    expect(server.mail).toHaveLength(1);
    expect(server.mail[0]?.to).toBe("alice@example.org");
    expect(server.mail[0]?.subject).toMatch(/^Your Cairn verification code is \d{6}$/);

    const verified = await alice.verifyEmail();
    expect(verified.token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(verified).toEqual<EmailAuthorizationResponse>({
      id: firstAccountID,
      token: verified.token,
      passkeySessionID: "",
      accountsUrl: "",
      twoFactorSessionID: "",
      twoFactorSessionIDV2: "",
    });
    alice.token = verified.token ?? "";
    expect(await alice.ok("GET", "/users/session-validity/v2")).toEqual({ hasSetKeys: false });

    const bob = new TestAccountClient(server, "bob@example.org");
    await bob.signUp();
    expect(bob.userID).toBe(firstAccountID + 1);
  });

  it("gives concurrent sign-ups distinct IDs", async () => {
    const clients = Array.from(
      { length: 5 },
      (_, i) => new TestAccountClient(server, `user${String(i)}@example.org`),
    );
    for (const client of clients) await client.sendCode("signup");
    const answers = await Promise.all(clients.map((client) => client.verifyEmail()));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(5);
  });

  it("stores the email encrypted, the token hashed and the code hashed", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    const user = await server.database.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
    const tokens = await server.database.db.selectFrom("tokens").selectAll().execute();
    const everything = JSON.stringify({ user, tokens });
    expect(everything).not.toContain("alice");
    expect(everything).not.toContain(alice.token);
    expect(tokens[0]?.token_hash).toMatch(/^[A-Za-z0-9_-]{43}=$/);
  });

  it("refuses a second sign-up of a complete account, and a login of an unknown email", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    const again = await alice.sendCode("signup");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "USER_ALREADY_REGISTERED" });

    const nobody = await new TestAccountClient(server, "nobody@example.org").sendCode("login");
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ code: "USER_NOT_REGISTERED" });

    const halfway = new TestAccountClient(server, "half@example.org");
    await halfway.sendCode("signup");
    await halfway.verifyEmail();
    const incomplete = await halfway.sendCode("login");
    expect(incomplete.statusCode).toBe(404);
    expect(incomplete.json()).toMatchObject({ code: "USER_SIGNUP_INCOMPLETE" });
  });

  it("answers a wrong code 401, a missing one 410, and locks after 20 wrong tries", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    const verify = (ott: string) =>
      alice.call("POST", "/users/verify-email", { email: alice.email, ott }, "");
    expect((await verify("123456")).statusCode).toBe(410);
    await alice.sendCode("signup");
    const code = server.lastCode(alice.email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 20; i++) expect((await verify(wrong)).statusCode).toBe(401);
    expect((await verify(code)).statusCode).toBe(429);
  });

  it("expires codes after an hour", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.sendCode("signup");
    server.clock.advanceMs(60 * 60 * 1000 + 1);
    const answer = await alice.call(
      "POST",
      "/users/verify-email",
      { email: alice.email, ott: server.lastCode(alice.email) },
      "",
    );
    expect(answer.statusCode).toBe(410);
  });

  it("keeps at most 10 active codes per email", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    for (let i = 0; i < 10; i++) expect((await alice.sendCode("signup")).statusCode).toBe(200);
    expect((await alice.sendCode("signup")).statusCode).toBe(429);
  });

  it("logs in by SRP with a sealed token that works as X-Auth-Token; a wrong password is 401", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    const login = await alice.srpLogin();
    expect(login.statusCode, login.body).toBe(200);
    const answer = login.json<EmailAuthorizationResponse>();
    expect(answer.token).toBeUndefined();
    expect(answer.keyAttributes?.publicKey).toBeDefined();
    const token = await alice.openToken(answer.encryptedToken ?? "");
    const validity = await alice.call("GET", "/users/session-validity/v2", undefined, token);
    expect(validity.json()).toMatchObject({ hasSetKeys: true });

    const wrong = await alice.srpLogin(await generateKey());
    expect(wrong.statusCode).toBe(401);
  });

  it("logs in by email code with the sealed token once keys exist", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    expect((await alice.sendCode("login")).statusCode).toBe(200);
    const answer = await alice.verifyEmail();
    expect(answer.keyAttributes).toBeDefined();
    const token = await alice.openToken(answer.encryptedToken ?? "");
    expect((await alice.call("GET", "/users/two-factor/status", undefined, token)).json()).toEqual({
      status: false,
    });
  });

  it("refuses weak KDF limits, wrong key sizes and a second set of attributes", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.sendCode("signup");
    alice.token = (await alice.verifyEmail()).token ?? "";
    const keys = await newAccountKeys();
    const attributes = await keyAttributesFor(keys, await generateKey());
    const put = (keyAttributes: unknown) =>
      alice.call("PUT", "/users/attributes", { keyAttributes });

    const weak = await put({ ...attributes, memLimit: 64 * 1024 ** 2, opsLimit: 64 });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toMatch(/KDF strength/);
    const short = await put({ ...attributes, publicKey: "AAAA" });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/publicKey/);

    expect((await put(attributes)).statusCode).toBe(200);
    expect((await put(attributes)).statusCode).toBe(403);
  });

  it("answers 401 with the middleware shape for missing and unknown tokens", async () => {
    const client = new TestAccountClient(server, "x@example.org");
    const missing = await client.call("GET", "/users/details/v2", undefined, "");
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: "missing token" });
    const unknown = await client.call("GET", "/users/details/v2", undefined, "A".repeat(43) + "=");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: "invalid token" });
  });

  it("expires a token unused for 365 days", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    server.clock.advanceMs(366 * 24 * 60 * 60 * 1000);
    const answer = await alice.call("GET", "/users/details/v2");
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: "token expired" });
  });
});
