import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A PostgreSQL cluster of its own in a temporary directory, started on a free
// port with trust authentication and durability off (tests never need to
// survive a crash). The unit tests' shared server is one
// (See: [Note: A throwaway PostgreSQL for the unit tests]); a test that stops
// and restarts its database starts another, so no other test sees it go.

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

export interface PostgresCluster {
  /** The `postgres` database as its superuser. */
  url: string;
  /** Stops the server (fast shutdown: sessions are ended, as on a restart). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it at once and deletes its files. */
  destroy(): Promise<void>;
}

/** The binaries' folder, when PostgreSQL is installed. */
export const postgresBinDir = (): string | undefined => findBinDir();

/** A new cluster, started; PostgreSQL's binaries must be installed (see `postgresBinDir`). */
export const startPostgresCluster = async (binDir: string): Promise<PostgresCluster> => {
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
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = async () => {
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
  };
  const stop = async (mode: "fast" | "immediate") => {
    await pgCommand("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
  };
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
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop("fast"),
    start,
    destroy: async () => {
      try {
        await stop("immediate");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
