// The `server-diff` scenario (performance.md): concurrent clients paging
// `GET /collections/v2/diff` over one large album of a seeded account, on
// SQLite and on PostgreSQL (a throwaway cluster, as the unit tests start
// one). Each client reads the whole album from sinceTime 0, page after page
// while `hasMore`, as a fresh device does, in worker threads beside the
// server's (see [Note: The bench's clients run beside the server]). The
// baseline is one client alone on the same server in the same run.
// `CAIRN_BENCH_QUICK=1`: 10,000 files and 20 clients instead of 100,000 and 100.

import { performance } from "node:perf_hooks";
import type { DatabaseConfig } from "../../server/src/config/config";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { percentile } from "../lib/percentile";
import { withThrowawayPostgres } from "../lib/throwaway-postgres";
import { seedCairn } from "../seed/seed-cairn";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../scenario";
import { runDiffClients } from "./server-diff/diff-client-threads";
import type { DiffTarget } from "./server-diff/read-whole-diff";

const quick = process.env.CAIRN_BENCH_QUICK === "1";
/** performance.md: a 100k-file album and 100 concurrent clients (quick: 10k and 20). */
const fileCount = quick ? 10_000 : 100_000;
const clientCount = quick ? 20 : 100;

interface DiffRun {
  clients: number;
  wallMs: number;
  entries: number;
  pages: number;
  errors: string[];
  wrong: string[];
  p50Ms: number;
  p99Ms: number;
  entriesPerSecond: number;
  /** The share of the run's time the server's event loop was busy (0–1). */
  serverThreadBusy: number;
}

const measure = async (target: DiffTarget, clients: number): Promise<DiffRun> => {
  let serverThreadBefore = performance.eventLoopUtilization();
  const { runs, wallMs } = await runDiffClients(target, clients, () => {
    serverThreadBefore = performance.eventLoopUtilization();
  });
  const serverThreadBusy = performance.eventLoopUtilization(serverThreadBefore).utilization;
  const latencies = runs.flatMap((run) => run.pageLatenciesMs).sort((a, b) => a - b);
  const entries = runs.reduce((total, run) => total + run.entries, 0);
  const errors = runs.flatMap((run) => run.errors);
  const wrong = runs.flatMap((run) => run.wrong);
  return {
    clients,
    wallMs,
    entries,
    pages: latencies.length,
    errors,
    wrong,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    entriesPerSecond: entries / (wallMs / 1000),
    serverThreadBusy,
  };
};

interface BackendResult {
  database: DatabaseConfig["kind"];
  seedSeconds: number;
  alone: DiffRun;
  concurrent: DiffRun;
}

const runOn = async (
  context: ScenarioContext,
  database: DatabaseConfig | undefined,
): Promise<BackendResult> => {
  const kind = database?.kind ?? "sqlite";
  const log = (line: string) => {
    context.log(`${kind}: ${line}`);
  };
  let node: NodeCairn | undefined;
  try {
    node = await startNodeCairn(database === undefined ? {} : { database });
    const account = await node.signUp("server-diff");
    log(`seeding ${String(fileCount)} files in one album`);
    const pool = await createNodeCryptoPool();
    let seeded;
    try {
      seeded = await seedCairn({
        cairn: node.cairn,
        userID: account.userID,
        accountKeys: account.accountKeys,
        pool,
        fileCount,
        albumCount: 1,
      });
    } finally {
      await pool.terminate();
    }
    const album = seeded.albums[0];
    if (album === undefined) throw new Error("The seeder made no album");
    log(`seeded in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    const target = {
      apiOrigin: node.apiOrigin,
      token: account.token,
      collectionID: album.id,
      fileCount,
    };
    log("one client alone");
    const alone = await measure(target, 1);
    log(`${String(clientCount)} concurrent clients`);
    const concurrent = await measure(target, clientCount);
    return { database: kind, seedSeconds: seeded.elapsedMs / 1000, alone, concurrent };
  } finally {
    await node?.close();
  }
};

const figuresOf = ({ database, seedSeconds, alone, concurrent }: BackendResult): Figure[] => [
  { name: `${database}: seeding ${String(fileCount)} files`, value: seedSeconds, unit: "s" },
  {
    name: `${database}: ${String(concurrent.clients)} clients, entries/s`,
    value: concurrent.entriesPerSecond,
    unit: "entries/s",
  },
  {
    name: `${database}: ${String(concurrent.clients)} clients, p50 page`,
    value: concurrent.p50Ms,
    unit: "ms",
  },
  {
    name: `${database}: ${String(concurrent.clients)} clients, p99 page`,
    value: concurrent.p99Ms,
    unit: "ms",
  },
  {
    name: `${database}: ${String(concurrent.clients)} clients, errors`,
    value: concurrent.errors.length,
    unit: "errors",
  },
  {
    name: `${database}: ${String(concurrent.clients)} clients, server thread busy`,
    value: 100 * concurrent.serverThreadBusy,
    unit: "%",
  },
  { name: `${database}: 1 client, entries/s`, value: alone.entriesPerSecond, unit: "entries/s" },
  { name: `${database}: 1 client, p50 page`, value: alone.p50Ms, unit: "ms" },
];

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  context.log(
    `${quick ? "quick mode: " : ""}${String(fileCount)} files, ${String(clientCount)} clients`,
  );
  const results: BackendResult[] = [await runOn(context, undefined)];
  const postgres = await withThrowawayPostgres(context, (database) => runOn(context, database));
  if (postgres !== undefined) results.push(postgres);

  const figures = results.flatMap(figuresOf);
  const ratios: Ratio[] = results.map(({ database, alone, concurrent }) => ({
    name: `${database}: ${String(concurrent.clients)} clients / 1 client (entries/s)`,
    value: concurrent.entriesPerSecond / alone.entriesPerSecond,
  }));
  const [sqlite, pg] = results;
  if (sqlite !== undefined && pg !== undefined) {
    ratios.push({
      name: "PostgreSQL / SQLite (entries/s, concurrent)",
      value: pg.concurrent.entriesPerSecond / sqlite.concurrent.entriesPerSecond,
    });
  }
  // Failed requests are a figure (the bar is zero); a wrong answer breaks the scenario.
  const wrong = results.flatMap((result) => [...result.alone.wrong, ...result.concurrent.wrong]);
  if (wrong.length > 0) {
    throw new Error(`${String(wrong.length)} wrong diff answers, first: ${wrong[0] ?? ""}`);
  }
  // Keep the results file small: the first few failures say what failed.
  const shownErrors = 20;
  const raw = results.map((result) => ({
    ...result,
    alone: { ...result.alone, errors: result.alone.errors.slice(0, shownErrors) },
    concurrent: { ...result.concurrent, errors: result.concurrent.errors.slice(0, shownErrors) },
  }));
  return { figures, ratios, raw: { quick, fileCount, clientCount, results: raw } };
};

export const serverDiffScenario: Scenario = {
  name: "server-diff",
  description: `${String(clientCount)} concurrent clients paging /collections/v2/diff over a ${String(fileCount)}-file album, on SQLite and PostgreSQL`,
  run,
};
