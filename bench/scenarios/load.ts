// The `load` scenario (performance.md): a household's 100 devices use one
// Cairn at once for a minute — syncing, looking at thumbnails, reading their
// usage, backing up small photos — on SQLite and on PostgreSQL, with one and
// with two server processes (CAIRN_PROCESSES, see [Note: Several server
// processes share the ports]). The server runs as `npm run server` does, in
// its own process(es), with the rate limits people get (scale 1): the bar is
// no failed request, no 429 among them. The devices run in worker threads
// beside it ([Note: The bench's clients run beside the server]).
// `CAIRN_BENCH_QUICK=1`: 10 s, 20 devices, smaller libraries.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "../../server/src/config/config";
import { openDatabase } from "../../server/src/db/database";
import { type CairnProcess, startCairnProcess } from "../../server/test-support/cairn-process";
import { signUpNodeAccount } from "../../tests/test-support/node-account";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { runClientThreads } from "../lib/client-threads";
import { percentile } from "../lib/percentile";
import { machineCpuTicks } from "../lib/proc-stats";
import { withThrowawayPostgres } from "../lib/throwaway-postgres";
import type { Figure, Scenario, ScenarioContext, ScenarioResult } from "../scenario";
import { localFolderWriter, makeThumbnails } from "../seed/seed-cairn";
import { seedLibrary } from "../seed/seed-library";
import type { HouseholdMember, LoadClientRun, LoadTarget } from "./load/household-client";
import type { LoadClientsWork } from "./load/load-clients.worker";

const quick = process.env.CAIRN_BENCH_QUICK === "1";
/** performance.md: 100 concurrent clients for 60 s (quick: 20 for 10 s). */
const clientCount = quick ? 20 : 100;
const durationMs = quick ? 10_000 : 60_000;
/** A household: a family's accounts, each with its library and its share of the devices. */
const memberCount = 4;
const filesPerMember = quick ? 1_000 : 10_000;
const albumsPerMember = quick ? 4 : 10;
/** Server processes measured, one after the other, over the same data. */
const processCounts = [1, 2] as const;
/** A device backs up at most a photo every 5 s, of 256 KiB (a phone's small photo). */
const uploadIntervalMs = 5_000;
const uploadBytes = 256 * 1024;
/** The seeder spreads upload times over the two years before now. */
const seededSpanUs = 2 * 365 * 24 * 3600 * 1_000_000;

const workerURL = new URL("./load/load-clients.worker.ts", import.meta.url);

interface KindFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

interface LoadRun {
  database: DatabaseConfig["kind"];
  processes: number;
  clients: number;
  wallMs: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with status ≥ 400 and requests that got no answer. */
  errors: number;
  refusedByRateLimit: number;
  answers: Record<string, number>;
  uploads: number;
  byKind: Record<string, KindFigures>;
  /** The machine's busy share over the run (0–1): the server, the clients and the rest. */
  machineBusy: number;
  failures: string[];
}

const summarize = (
  database: DatabaseConfig["kind"],
  processes: number,
  runs: LoadClientRun[],
  wallMs: number,
  machineBusy: number,
): LoadRun => {
  const byKindLatencies: Record<string, number[]> = {};
  const answers: Record<string, number> = {};
  for (const run of runs) {
    for (const [kind, latencies] of Object.entries(run.latenciesMs)) {
      (byKindLatencies[kind] ??= []).push(...latencies);
    }
    for (const [status, count] of Object.entries(run.answers)) {
      answers[status] = (answers[status] ?? 0) + count;
    }
  }
  const all = Object.values(byKindLatencies)
    .flat()
    .sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    Object.entries(byKindLatencies).map(([kind, latencies]) => {
      const sorted = latencies.sort((a, b) => a - b);
      return [
        kind,
        {
          requests: sorted.length,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
        },
      ];
    }),
  );
  const requests = Object.values(answers).reduce((sum, count) => sum + count, 0);
  const errors = Object.entries(answers)
    .filter(([status]) => status === "failed" || Number(status) >= 400)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    database,
    processes,
    clients: runs.length,
    wallMs,
    requests,
    requestsPerSecond: requests / (wallMs / 1000),
    p50Ms: percentile(all, 0.5),
    p99Ms: percentile(all, 0.99),
    errors,
    refusedByRateLimit: answers["429"] ?? 0,
    answers,
    uploads: runs.reduce((sum, run) => sum + run.uploads, 0),
    byKind,
    machineBusy,
    failures: runs.flatMap((run) => run.failures).slice(0, 20),
  };
};

/** The household's accounts, signed up over HTTP and seeded beside the server. */
const seedHousehold = async (
  context: ScenarioContext,
  server: CairnProcess,
  dataDir: string,
  database: DatabaseConfig,
): Promise<HouseholdMember[]> => {
  const thumbnails = await makeThumbnails();
  const pool = await createNodeCryptoPool();
  const opened = await openDatabase(database);
  const nowUs = Date.now() * 1000;
  const members: HouseholdMember[] = [];
  try {
    for (let i = 0; i < memberCount; i++) {
      const account = await signUpNodeAccount({
        apiOrigin: server.apiURL,
        mailDir: path.join(dataDir, "mail"),
        email: `member-${String(i)}@household.test`,
        password: `household member ${String(i)} passphrase`,
      });
      const seeded = await seedLibrary({
        db: opened.db,
        pool,
        writeObject: localFolderWriter(path.join(dataDir, "objects")),
        userID: account.userID,
        masterKeyB64: account.accountKeys.masterKeyB64,
        fileCount: filesPerMember,
        albumCount: albumsPerMember,
        thumbnails,
        nowUs,
        seed: i + 1,
      });
      const [uploadAlbum] = seeded.albums;
      if (uploadAlbum === undefined) throw new Error("The seeder made no album");
      members.push({
        token: account.token,
        albumIDs: seeded.albums.map((album) => album.id),
        uploadAlbum: { id: uploadAlbum.id, keyB64: uploadAlbum.keyB64 },
        firstFileID: seeded.firstFileID,
        fileCount: seeded.fileCount,
        oldestVersionUs: nowUs - seededSpanUs,
        newestVersionUs: nowUs,
      });
      context.log(
        `${database.kind}: member ${String(i + 1)} seeded with ${String(filesPerMember)} files in ${(seeded.elapsedMs / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await opened.close();
    await pool.terminate();
  }
  return members;
};

const measure = async (
  database: DatabaseConfig["kind"],
  processes: number,
  target: LoadTarget,
): Promise<LoadRun> => {
  const before = machineCpuTicks();
  const { runs, wallMs } = await runClientThreads<LoadClientRun>(
    workerURL,
    clientCount,
    (clients, firstClientIndex): LoadClientsWork => ({ target, clients, firstClientIndex }),
  );
  const after = machineCpuTicks();
  const busy = after.busy - before.busy;
  const machineBusy = busy / Math.max(1, busy + (after.idle - before.idle));
  return summarize(database, processes, runs, wallMs, machineBusy);
};

/** SQLite in the server's data folder, or this PostgreSQL database. */
type Backend = { kind: "sqlite" } | { kind: "postgres"; url: string };

const runOn = async (context: ScenarioContext, backend: Backend): Promise<LoadRun[]> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-load-"));
  const dataDir = path.join(dir, "data");
  // As the server resolves it. See: [Note: Server configuration]
  const database: DatabaseConfig =
    backend.kind === "postgres"
      ? backend
      : { kind: "sqlite", file: path.join(dataDir, "cairn.sqlite") };
  const start = (processes: number) =>
    startCairnProcess({
      dataDir,
      databaseURL: backend.kind === "postgres" ? backend.url : undefined,
      processes,
      // The limits people get. See: [Note: Rate limits scale for tests]
      environment: { CAIRN_RATE_LIMIT_SCALE: "1" },
    });
  let server: CairnProcess | undefined;
  const results: LoadRun[] = [];
  try {
    server = await start(1);
    const members = await seedHousehold(context, server, dataDir, database);
    const thumbnail = (await makeThumbnails())[0] ?? new Uint8Array();
    for (const processes of processCounts) {
      if (processes !== 1) {
        await server.stop();
        server = await start(processes);
      }
      context.log(
        `${database.kind}, ${String(processes)} server process${processes === 1 ? "" : "es"}: ${String(clientCount)} devices for ${String(durationMs / 1000)} s`,
      );
      const run = await measure(database.kind, processes, {
        apiOrigin: server.apiURL,
        members,
        durationMs,
        uploadIntervalMs,
        uploadBytes,
        thumbnail,
      });
      context.log(
        `  ${run.requestsPerSecond.toFixed(0)} requests/s, p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms, ${String(run.errors)} errors (${String(run.refusedByRateLimit)} × 429), ${String(run.uploads)} photos backed up, machine ${(100 * run.machineBusy).toFixed(0)} % busy`,
      );
      for (const [kind, figures] of Object.entries(run.byKind)) {
        context.log(
          `    ${kind}: ${String(figures.requests)}, p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms`,
        );
      }
      for (const failure of run.failures.slice(0, 5)) context.log(`    failed: ${failure}`);
      results.push(run);
    }
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return results;
};

const figuresOf = (run: LoadRun): Figure[] => {
  const label = `${run.database}, ${String(run.processes)} process${run.processes === 1 ? "" : "es"}`;
  return [
    { name: `${label}: requests/s`, value: run.requestsPerSecond, unit: "requests/s" },
    { name: `${label}: p50`, value: run.p50Ms, unit: "ms" },
    { name: `${label}: p99`, value: run.p99Ms, unit: "ms" },
    { name: `${label}: errors`, value: run.errors, unit: "errors" },
    {
      name: `${label}: refused by a rate limit (429)`,
      value: run.refusedByRateLimit,
      unit: "requests",
    },
    { name: `${label}: photos backed up`, value: run.uploads, unit: "files" },
    { name: `${label}: machine busy`, value: 100 * run.machineBusy, unit: "%" },
  ];
};

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  context.log(
    `${quick ? "quick mode: " : ""}${String(clientCount)} devices of ${String(memberCount)} accounts (${String(filesPerMember)} files each) for ${String(durationMs / 1000)} s`,
  );
  const results = await runOn(context, { kind: "sqlite" });
  const postgres = await withThrowawayPostgres(context, (database) => runOn(context, database));
  if (postgres !== undefined) results.push(...postgres);
  const ratios = results
    .filter((result) => result.processes === 2)
    .map((two) => {
      const one = results.find(
        (result) => result.database === two.database && result.processes === 1,
      );
      return {
        name: `${two.database}: 2 processes / 1 process (requests/s)`,
        value: two.requestsPerSecond / (one?.requestsPerSecond ?? Number.NaN),
      };
    });
  return {
    figures: results.flatMap(figuresOf),
    ratios,
    raw: { quick, clientCount, durationMs, memberCount, filesPerMember, results },
  };
};

export const loadScenario: Scenario = {
  name: "load",
  description: `${String(clientCount)} devices of a household syncing, viewing thumbnails, reading usage and backing up for ${String(durationMs / 1000)} s, on SQLite and PostgreSQL, with 1 and 2 server processes`,
  run,
};
