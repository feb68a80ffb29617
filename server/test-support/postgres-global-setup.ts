import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

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

const run = promisify(execFile);

const findBinDir = (): string | undefined => {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, "bin", "pg_ctl")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return path.join(root, versions[0], "bin");
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (
      dir !== "" &&
      existsSync(path.join(dir, "initdb")) &&
      existsSync(path.join(dir, "pg_ctl"))
    ) {
      return dir;
    }
  }
  return undefined;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });

const postgresUserIDs = async (): Promise<{ uid: number; gid: number }> => {
  const { stdout: uid } = await run("id", ["-u", "postgres"]);
  const { stdout: gid } = await run("id", ["-g", "postgres"]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
};

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.CAIRN_TEST_DATABASE_URL !== undefined) return undefined;

  const binDir = findBinDir();
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

  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresUserIDs();
    await chown(dir, uid, gid);
  }
  const pgCommand = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(binDir, tool), ...args])
      : run(path.join(binDir, tool), args);

  const port = await freePort();
  try {
    await pgCommand("initdb", [
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    await pgCommand("pg_ctl", [
      "-D",
      dataDir,
      "-o",
      serverOptions,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  process.env.CAIRN_TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;

  return async () => {
    try {
      await pgCommand("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
