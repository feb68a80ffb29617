// The `server-diff` scenario (performance.md): concurrent clients paging
// `GET /collections/v2/diff` over one large album of a seeded account, on
// SQLite and on PostgreSQL (a throwaway cluster, as the unit tests start
// one). Each client reads the whole album from sinceTime 0, page after page
// while `hasMore`, as a fresh device does. The baseline is one client alone
// on the same server in the same run.
// `CAIRN_BENCH_QUICK=1`: 10,000 files and 20 clients instead of 100,000 and 100.

import startPostgres from "../../server/test-support/postgres-global-setup";
import { createPostgresTestDatabase } from "../../server/test-support/databases";
import type { DatabaseConfig } from "../../server/src/config/config";
import { headerNames, clientPackages } from "../../shared/api/headers";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { seedCairn } from "../seed/seed-cairn";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../scenario";

const quick = process.env.CAIRN_BENCH_QUICK === "1";
/** performance.md: a 100k-file album and 100 concurrent clients (quick: 10k and 20). */
const fileCount = quick ? 10_000 : 100_000;
const clientCount = quick ? 20 : 100;

interface PageTiming {
  latencyMs: number;
  entries: number;
}

interface ClientRun {
  pages: PageTiming[];
  entries: number;
  /** Failed requests (transport or HTTP status): what performance.md counts as errors. */
  errors: string[];
  /** Wrong answers (an entry twice, out of order, missing): the scenario is broken. */
  wrong: string[];
}

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
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);

/** One client reading the album's whole diff; every page checked for order and count. */
const readWholeDiff = async (
  apiOrigin: string,
  token: string,
  collectionID: number,
): Promise<ClientRun> => {
  const run: ClientRun = { pages: [], entries: 0, errors: [], wrong: [] };
  const seen = new Set<number>();
  let sinceTime = 0;
  for (;;) {
    const started = performance.now();
    let answer: { diff: { id: number; updationTime: number }[] | null; hasMore: boolean };
    try {
      const response = await fetch(
        `${apiOrigin}/collections/v2/diff?collectionID=${String(collectionID)}&sinceTime=${String(sinceTime)}`,
        {
          headers: {
            [headerNames.authToken]: token,
            [headerNames.clientPackage]: clientPackages.photosWeb,
          },
        },
      );
      const text = await response.text();
      if (!response.ok) {
        run.errors.push(`HTTP ${String(response.status)}: ${text.slice(0, 200)}`);
        return run;
      }
      answer = JSON.parse(text) as typeof answer;
    } catch (e) {
      run.errors.push(String(e));
      return run;
    }
    const diff = answer.diff ?? [];
    run.pages.push({ latencyMs: performance.now() - started, entries: diff.length });
    for (const file of diff) {
      if (file.updationTime <= sinceTime) run.wrong.push(`entry ${String(file.id)} not newer`);
      seen.add(file.id);
    }
    run.entries += diff.length;
    sinceTime = diff.reduce((newest, file) => Math.max(newest, file.updationTime), sinceTime);
    if (!answer.hasMore) break;
    if (diff.length === 0) {
      run.wrong.push("an empty page with hasMore");
      break;
    }
  }
  if (seen.size !== run.entries) run.wrong.push("an entry came twice");
  if (run.entries !== fileCount) {
    run.wrong.push(`read ${String(run.entries)} entries, not ${String(fileCount)}`);
  }
  return run;
};

const measure = async (
  apiOrigin: string,
  token: string,
  collectionID: number,
  clients: number,
): Promise<DiffRun> => {
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: clients }, () => readWholeDiff(apiOrigin, token, collectionID)),
  );
  const wallMs = performance.now() - started;
  const latencies = runs
    .flatMap((run) => run.pages.map((page) => page.latencyMs))
    .sort((a, b) => a - b);
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
    log("one client alone");
    const alone = await measure(node.apiOrigin, account.token, album.id, 1);
    log(`${String(clientCount)} concurrent clients`);
    const concurrent = await measure(node.apiOrigin, account.token, album.id, clientCount);
    return { database: kind, seedSeconds: seeded.elapsedMs / 1000, alone, concurrent };
  } finally {
    await node?.close();
  }
};

/** A throwaway PostgreSQL (see [Note: A throwaway PostgreSQL for the unit tests]), or undefined without binaries. */
const withPostgres = async <T>(
  context: ScenarioContext,
  work: (database: DatabaseConfig) => Promise<T>,
): Promise<T | undefined> => {
  const stop = await startPostgres();
  const adminURL = process.env.CAIRN_TEST_DATABASE_URL;
  if (adminURL === undefined) {
    context.log("PostgreSQL binaries not found: measuring SQLite only");
    return undefined;
  }
  const { url, drop } = await createPostgresTestDatabase(adminURL);
  try {
    return await work({ kind: "postgres", url });
  } finally {
    await drop();
    await stop?.();
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
  { name: `${database}: 1 client, entries/s`, value: alone.entriesPerSecond, unit: "entries/s" },
  { name: `${database}: 1 client, p50 page`, value: alone.p50Ms, unit: "ms" },
];

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  context.log(
    `${quick ? "quick mode: " : ""}${String(fileCount)} files, ${String(clientCount)} clients`,
  );
  const results: BackendResult[] = [await runOn(context, undefined)];
  const postgres = await withPostgres(context, (database) => runOn(context, database));
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
