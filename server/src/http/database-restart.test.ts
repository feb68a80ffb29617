import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import {
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
} from "../../test-support/postgres-cluster";

// See: [Note: A database that is away answers 503]. This test stops and
// starts a PostgreSQL of its own, so no other test sees its database go.

const binDir = postgresBinDir();

describe.skipIf(binDir === undefined && process.env.CAIRN_REQUIRE_POSTGRES !== "1")(
  "the API while PostgreSQL restarts",
  () => {
    let cluster: PostgresCluster;
    let server: TestAccountsServer;
    beforeAll(async () => {
      if (binDir === undefined) throw new Error("CAIRN_REQUIRE_POSTGRES=1 needs PostgreSQL");
      cluster = await startPostgresCluster(binDir);
      server = await startTestAccountsServer({
        name: "postgres",
        // Its idle connections die with the server; the pool says so, and that is expected here.
        open: () => openDatabase({ kind: "postgres", url: cluster.url }, () => undefined),
      });
    }, 120_000);
    afterAll(async () => {
      await server.close();
      await cluster.destroy();
    });

    it("answers 503 with Retry-After while it is down, then serves again, in the same process", async () => {
      const alice = new TestAccountClient(server, "alice@example.org");
      await alice.signUp();
      const details = () => alice.call("GET", "/users/details/v2");
      expect((await details()).statusCode).toBe(200);

      await cluster.stop();
      const whileDown = await details();
      expect(whileDown.statusCode).toBe(503);
      expect(whileDown.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      expect(whileDown.headers["retry-after"]).toBe("5");

      await cluster.start();
      // The pool's connections died with the server; the next query opens new ones.
      const afterRestart = await details();
      expect(afterRestart.statusCode).toBe(200);
      expect(afterRestart.json()).toMatchObject({ email: "alice@example.org" });
    });
  },
);
