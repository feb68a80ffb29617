import { postgresBinDir, startPostgresCluster } from "./postgres-cluster";

// [Note: A throwaway PostgreSQL for the unit tests]
//
// Server tests run against SQLite always and PostgreSQL whenever one is
// available. This vitest global setup provides it: when the PostgreSQL
// binaries are installed (Debian: /usr/lib/postgresql/<version>/bin), it
// creates a cluster in a temporary directory, starts it on a free port with
// trust authentication and durability off (tests never need to survive a
// crash), and exports CAIRN_TEST_DATABASE_URL for the test workers. PostgreSQL
// refuses to run as root, so as root the cluster belongs to the `postgres`
// system user. A URL given by the caller is used as is. Without binaries the
// tests run on SQLite only, with a loud warning, unless CAIRN_REQUIRE_POSTGRES=1
// makes that an error (CI sets it).

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.CAIRN_TEST_DATABASE_URL !== undefined) return undefined;

  const binDir = postgresBinDir();
  if (binDir === undefined) {
    const message =
      "PostgreSQL binaries (initdb, pg_ctl) not found: server tests run on SQLite only. " +
      "Install PostgreSQL (apt-get install postgresql) to test both databases.";
    if (process.env.CAIRN_REQUIRE_POSTGRES === "1") {
      throw new Error(`${message} CAIRN_REQUIRE_POSTGRES=1 requires it.`);
    }
    console.warn(`\n${"!".repeat(78)}\n!! ${message}\n${"!".repeat(78)}\n`);
    return undefined;
  }

  const cluster = await startPostgresCluster(binDir);
  process.env.CAIRN_TEST_DATABASE_URL = cluster.url;
  return () => cluster.destroy();
}
