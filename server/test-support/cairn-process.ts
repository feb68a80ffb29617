import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { InjectOptions, LightMyRequestResponse } from "fastify";

// A Cairn server in a child process, as `npm run server` runs it, for tests
// that kill it (SIGKILL: no shutdown hook runs, as on a power cut) and start
// it again over the same data folder and database.

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const startTimeoutMs = 60_000;

export interface CairnProcessOptions {
  dataDir: string;
  /** PostgreSQL's URL; SQLite in the data folder when absent. */
  databaseURL?: string | undefined;
  /** `CAIRN_PROCESSES`: server processes behind the ports (1 when absent). */
  processes?: number;
  /** More of the server's environment (S3's variables, limits). */
  environment?: Record<string, string>;
}

export interface CairnProcess {
  apiURL: string;
  /** The process's ID: the cluster's primary when it runs several. */
  pid: number;
  /** The IDs of the cluster's server processes (none when it runs one). */
  serverProcessIDs(): number[];
  /** What it printed so far. */
  output(): string;
  /** Ends the process with SIGKILL and waits for it to be gone. */
  kill(): Promise<void>;
  /** Ends the process with SIGTERM (a clean shutdown) and waits for it. */
  stop(): Promise<void>;
}

const waitForExit = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once("exit", () => {
          resolve();
        });
      });

/** The IDs of a process's children (a cluster primary's server processes). */
const childProcessIDs = (pid: number): number[] => {
  try {
    return execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((id) => id > 0);
  } catch {
    // ps exits with 1 when the process has no children.
    return [];
  }
};

/** Starts `npm run server` over `options`; resolves once it prints its URLs. */
export const startCairnProcess = async (options: CairnProcessOptions): Promise<CairnProcess> => {
  // Node itself with tsx's loader, not the tsx command: that one runs the
  // server in a child process of its own, which a SIGKILL would leave behind.
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      CAIRN_DATA_DIR: options.dataDir,
      CAIRN_WEB_DIST_DIR: path.join(options.dataDir, "no-web-apps"),
      CAIRN_API_PORT: "0",
      CAIRN_PHOTOS_PORT: "0",
      CAIRN_ACCOUNTS_PORT: "0",
      CAIRN_AUTH_PORT: "0",
      CAIRN_RATE_LIMIT_SCALE: "1000",
      LOG_LEVEL: "warn",
      ...(options.databaseURL === undefined ? {} : { DATABASE_URL: options.databaseURL }),
      ...(options.processes === undefined ? {} : { CAIRN_PROCESSES: String(options.processes) }),
      ...options.environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const deadline = Date.now() + startTimeoutMs;
  let apiURL: string | undefined;
  while (apiURL === undefined || !output.includes("  Auth ")) {
    if (child.exitCode !== null) throw new Error(`Cairn exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Cairn did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    apiURL = /API\s+(http:\/\/localhost:\d+)/.exec(output)?.[1];
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error("Cairn's process has no ID");
  return {
    apiURL,
    pid,
    serverProcessIDs: () => childProcessIDs(pid),
    output: () => output,
    kill: async () => {
      child.kill("SIGKILL");
      await waitForExit(child);
    },
    stop: async () => {
      child.kill("SIGTERM");
      await waitForExit(child);
    },
  };
};

/** The last verification code mailed to `email`, from the outbox folder of `dataDir`. */
export const lastMailedCode = (dataDir: string, email: string): string => {
  const outbox = path.join(dataDir, "mail");
  const files = readdirSync(outbox).sort();
  for (const file of files.reverse()) {
    const mail = readFileSync(path.join(outbox, file), "utf8");
    if (!mail.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const code = /Your Cairn verification code is (\d{6})/.exec(mail)?.[1];
    if (code !== undefined) return code;
  }
  throw new Error(`No code was mailed to ${email}`);
};

/**
 * `request` in the shape of fastify's `inject`, over real HTTP to `apiURL()`
 * (which changes when the server restarts on a new port). A request the
 * server never answers (it was killed) rejects.
 */
export const requestOverHTTP =
  (apiURL: () => string, { timeoutMs }: { timeoutMs?: number } = {}) =>
  async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = new Headers(options.headers as Record<string, string> | undefined);
    let body: string | undefined;
    if (options.payload !== undefined) {
      body =
        typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const url = options.url ?? options.path;
    if (typeof url !== "string") throw new Error("requestOverHTTP takes a URL string");
    const answer = await fetch(`${apiURL()}${url}`, {
      method: options.method ?? "GET",
      headers,
      body,
      ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
    const text = await answer.text();
    return {
      statusCode: answer.status,
      body: text,
      headers: Object.fromEntries(answer.headers),
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
