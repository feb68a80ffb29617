import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";

/**
 * Everything a copy of the database lets one compute from a guessed code
 * without the server's keys: the code itself and its unkeyed SHA-256, alone
 * or joined with any value of its row, in the usual encodings.
 */
const unkeyedDerivationsOf = (code: string, rowValues: readonly string[]): Set<string> => {
  const inputs = [
    code,
    ...rowValues.flatMap((value) => [`${value}:${code}`, `${code}:${value}`, `${value}${code}`]),
  ];
  const derived = new Set<string>([code]);
  for (const input of inputs) {
    const digest = createHash("sha256").update(input).digest();
    for (const encoding of ["hex", "base64", "base64url"] as const) {
      derived.add(digest.toString(encoding));
    }
    // URL-safe base64 with padding, as tokens are written.
    derived.add(digest.toString("base64").replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return derived;
};

// See: [Note: One-time codes are stored as a keyed hash]
describe.each(testDatabaseBackends())("one-time codes in the database on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  const ottRows = () => server.database.db.selectFrom("otts").selectAll().execute();
  const verify = (client: TestAccountClient, ott: string) =>
    client.call("POST", "/users/verify-email", { email: client.email, ott }, "");

  it("keep neither the code nor anything computable from it without the server's keys", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.sendCode("signup");
    await alice.sendCode("signup");
    const codes = server.mail.map((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? "");
    const rows = await ottRows();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const values = Object.values(row).map(String);
      for (const code of codes) {
        for (const value of values) expect(value).not.toContain(code);
        const derived = unkeyedDerivationsOf(code, values);
        for (const value of values)
          expect(derived.has(value), `${value} reveals ${code}`).toBe(false);
      }
    }
  });

  it("accept the right code once, and refuse a wrong one as before, counting it", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.sendCode("signup");
    const code = server.lastCode(alice.email);
    const wrong = code === "000000" ? "000001" : "000000";

    const refused = await verify(alice, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "INCORRECT_CODE" });
    expect((await ottRows()).map((row) => row.wrong_attempt)).toEqual([1]);

    const accepted = await verify(alice, code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await ottRows()).toEqual([]);

    const reused = await verify(alice, code);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({ code: "CODE_EXPIRED" });
  });

  it("accept the earlier of two active codes, and only in the app that asked for it", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.sendCode("signup");
    const first = server.lastCode(alice.email);
    await alice.sendCode("signup");

    const inAuthApp = new TestAccountClient(server, alice.email);
    inAuthApp.clientPackage = "io.cairn.auth.web";
    expect((await verify(inAuthApp, first)).statusCode).toBe(410);
    expect((await verify(alice, first)).statusCode).toBe(200);
  });
});
