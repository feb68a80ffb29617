import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserDetails } from "../../../shared/api/endpoints/account-schemas";
import { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import {
  createPostgresTestDatabase,
  testDatabaseBackends,
  type TestDatabaseBackend,
} from "../../test-support/databases";
import { loadConfig, type DatabaseConfig, type Environment } from "../config/config";
import { secretsFileName } from "../config/secrets";
import { openDatabase } from "../db/database";
import { runAdmin } from "./run-admin";

// `npm run admin` against the data of a running server: the same database
// (a SQLite file in the data directory, or a PostgreSQL database), the same
// secrets.json and the same CAIRN_PLANS_FILE. Each change must show in the
// server's answers at once. See: [Note: The admin command opens the server's own data]

const gib = 1024 ** 3;
const plansJSON = {
  plans: [
    { id: "family-1tb", storageGiB: 1024, price: "€9", period: "year" },
    { id: "monthly-100gb", storageBytes: 100 * gib, price: "€1", period: "month" },
  ],
};

/** Where the server's data lives for this backend, and the environment that names it. */
const serverDataFor = async (backendName: TestDatabaseBackend["name"], dataDir: string) => {
  const environment: Environment = {
    CAIRN_DATA_DIR: dataDir,
    CAIRN_PLANS_FILE: path.join(dataDir, "plans.json"),
  };
  if (backendName === "sqlite") {
    const database: DatabaseConfig = { kind: "sqlite", file: path.join(dataDir, "cairn.sqlite") };
    return { environment, database, drop: () => Promise.resolve() };
  }
  const { url, drop } = await createPostgresTestDatabase(process.env.CAIRN_TEST_DATABASE_URL ?? "");
  return {
    environment: { ...environment, DATABASE_URL: url },
    database: { kind: "postgres", url } satisfies DatabaseConfig,
    drop,
  };
};

describe.each(testDatabaseBackends())("npm run admin on $name", (backend) => {
  let dataDir: string;
  let environment: Environment;
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let output: { out: string[]; err: string[] };

  /** Runs `npm run admin -- ...argv` as the operator would, with the server's clock. */
  const admin = (...argv: string[]) => {
    output = { out: [], err: [] };
    return runAdmin(argv, {
      environment,
      cwd: dataDir,
      out: (text) => output.out.push(text),
      err: (text) => output.err.push(text),
      nowUs: () => server.context.nowUs(),
    });
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "cairn-admin-"));
    await writeFile(path.join(dataDir, "plans.json"), JSON.stringify(plansJSON));
    const data = await serverDataFor(backend.name, dataDir);
    environment = data.environment;
    server = await startTestAccountsServer({
      name: backend.name,
      open: async () => {
        const database = await openDatabase(data.database);
        return {
          ...database,
          close: async () => {
            await database.close();
            await data.drop();
          },
        };
      },
    });
    // The server as `npm start` would run it on this data: its secrets in
    // the data directory and the plans of CAIRN_PLANS_FILE.
    const secretsB64 = Object.fromEntries(
      Object.entries(server.context.secrets).map(([name, key]) => [name, key.toString("base64")]),
    );
    await writeFile(path.join(dataDir, secretsFileName), JSON.stringify(secretsB64), {
      mode: 0o600,
    });
    server.context.plans = loadConfig(environment, dataDir).plans;
    alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
  });

  afterEach(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists the configured plans on both plan endpoints", async () => {
    const expected = {
      plans: [
        {
          id: "family-1tb",
          androidID: "",
          iosID: "",
          stripeID: "",
          storage: 1024 * gib,
          price: "€9",
          period: "year",
        },
        {
          id: "monthly-100gb",
          androidID: "",
          iosID: "",
          stripeID: "",
          storage: 100 * gib,
          price: "€1",
          period: "month",
        },
      ],
      freePlan: { storage: 10 * gib, duration: 100, period: "year" },
    };
    expect(await alice.ok("GET", "/billing/user-plans")).toEqual(expected);
    const publicAnswer = await alice.call("GET", "/billing/plans/v2", undefined, "");
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.json()).toEqual(expected);
  });

  it("grants a plan that the running server answers at once", async () => {
    expect(await admin("set-plan", "--email", "Alice@Example.org", "--plan", "family-1tb")).toBe(0);
    expect(output.out.join("\n")).toContain("plan     family-1tb");

    const { subscription } = await alice.ok<{ subscription: UserDetails["subscription"] }>(
      "GET",
      "/billing/subscription",
    );
    expect(subscription).toMatchObject({
      productID: "family-1tb",
      storage: 1024 * gib,
      price: "€9",
      period: "year",
    });
    const oneYearLater = new Date(server.clock.nowMs);
    oneYearLater.setUTCFullYear(oneYearLater.getUTCFullYear() + 1);
    expect(subscription.expiryTime).toBe(oneYearLater.getTime() * 1000);
    const details = await alice.ok<UserDetails>("GET", "/users/details/v2");
    expect(details.subscription).toEqual(subscription);

    expect(
      await admin(
        "set-plan",
        "--email",
        "alice@example.org",
        "--plan",
        "monthly-100gb",
        "--expiry",
        "2031-05-06",
      ),
    ).toBe(0);
    expect(await alice.ok("GET", "/users/details/v2")).toMatchObject({
      subscription: {
        productID: "monthly-100gb",
        storage: 100 * gib,
        expiryTime: Date.UTC(2031, 4, 6) * 1000,
        price: "€1",
        period: "month",
      },
    });
  });

  it("sets storage and expiry, keeping the plan, and lists the accounts", async () => {
    expect(await admin("set-storage", "--email", "alice@example.org", "--gib", "2.5")).toBe(0);
    expect(await admin("set-expiry", "--email", "alice@example.org", "--date", "2030-01-01")).toBe(
      0,
    );
    expect(await alice.ok("GET", "/users/details/v2")).toMatchObject({
      subscription: {
        productID: "free",
        storage: 2.5 * gib,
        expiryTime: Date.UTC(2030, 0, 1) * 1000,
      },
    });
    expect(await admin("set-storage", "--email", "alice@example.org", "--bytes", "1000")).toBe(0);
    expect(await alice.ok("GET", "/billing/subscription")).toMatchObject({
      subscription: { storage: 1000 },
    });

    const bob = new TestAccountClient(server, "bob@example.org");
    await bob.signUp();
    expect(await admin("users")).toBe(0);
    const lines = output.out.join("\n").split("\n");
    expect(lines[0]).toMatch(/^id\s+email\s+created\s+plan\s+storage\s+usage\s+expiry$/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${String(alice.userID)}\\s+alice@example\\.org\\s+\\d{4}-\\d\\d-\\d\\d\\s+free\\s+1000 B\\s+0 B\\s+2030-01-01$`,
      ),
    );
    expect(lines[2]).toMatch(/^\d+\s+bob@example\.org\s+.*free\s+10 GiB\s+0 B\s+2\d{3}-/);
  });

  it("closes registration for new accounts only, and opens it again", async () => {
    const bob = new TestAccountClient(server, "bob@example.org");
    const carol = new TestAccountClient(server, "carol@example.org");
    expect((await carol.sendCode("signup")).statusCode).toBe(200);

    expect(await admin("close-registration")).toBe(0);
    const refused = await bob.sendCode("signup");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "REGISTRATION_CLOSED",
      message: expect.stringContaining("Registration is closed") as unknown,
    });
    // A code asked for before the closing does not open an account after it.
    const late = await carol.call(
      "POST",
      "/users/verify-email",
      { email: carol.email, ott: server.lastCode(carol.email) },
      "",
    );
    expect(late.statusCode).toBe(403);
    // Existing accounts carry on.
    expect((await alice.sendCode("login")).statusCode).toBe(200);
    expect((await alice.srpLogin()).statusCode).toBe(200);

    expect(await admin("open-registration")).toBe(0);
    await bob.signUp();
    expect(bob.userID).toBeGreaterThan(alice.userID);
  });

  it("fails clearly, with a non-zero exit code, and changes nothing", async () => {
    const cases: [string[], number, string][] = [
      [
        ["set-plan", "--email", "nobody@example.org", "--plan", "family-1tb"],
        1,
        "No account has the email nobody@example.org",
      ],
      [
        ["set-plan", "--email", "alice@example.org", "--plan", "gold"],
        1,
        'No plan "gold" in CAIRN_PLANS_FILE; the plans are family-1tb, monthly-100gb',
      ],
      [
        ["set-expiry", "--email", "alice@example.org", "--date", "2030-02-31"],
        2,
        "--date: 2030-02-31 is not a date of the calendar",
      ],
      [
        ["set-storage", "--email", "alice@example.org", "--gib", "ten"],
        2,
        "--gib: must be a number of GiB",
      ],
      [["frobnicate"], 2, 'Unknown command "frobnicate"'],
    ];
    for (const [argv, exitCode, message] of cases) {
      expect(await admin(...argv), argv.join(" ")).toBe(exitCode);
      expect(output.err.join("\n")).toContain(message);
    }
    expect(await alice.ok("GET", "/billing/subscription")).toMatchObject({
      subscription: { productID: "free", storage: 10 * gib },
    });
  });

  it("refuses a data directory that is not the server's", async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "cairn-admin-empty-"));
    const errors: string[] = [];
    const exitCode = await runAdmin(["users"], {
      environment: { ...environment, CAIRN_DATA_DIR: elsewhere },
      cwd: elsewhere,
      out: () => undefined,
      err: (text) => errors.push(text),
    });
    expect(exitCode).toBe(1);
    expect(errors.join("\n")).toMatch(
      backend.name === "sqlite" ? /^No database at / : /^No secrets\.json in /,
    );
    await rm(elsewhere, { recursive: true, force: true });
  });
});
