// `npm run deps:report`: how far each direct dependency is behind the newest
// release that runs on the project's Node. Information only (CI prints it and
// never fails on it). See: [Note: The dependency list is kept current by hand]

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type DependencyCurrency, dependencyCurrency, type PublishedRelease } from "./currency";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** Registry documents fetched at once. */
const concurrentFetches = 6;
const fetchTimeoutMs = 30_000;

interface AbbreviatedDocument {
  versions: Record<string, { engines?: { node?: string }; deprecated?: string }>;
}

const readJSON = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

const directDependencies = (): string[] => {
  const manifest = readJSON(path.join(repoRoot, "package.json")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ].sort();
};

const installedVersion = (name: string): string =>
  (readJSON(path.join(repoRoot, "node_modules", name, "package.json")) as { version: string })
    .version;

const registryURL = (): string =>
  execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" })
    .trim()
    .replace(/\/$/, "");

const releasesOf = async (registry: string, name: string): Promise<PublishedRelease[]> => {
  const answer = await fetch(`${registry}/${name.replace("/", "%2F")}`, {
    // The abbreviated document: versions with their engines, far smaller.
    headers: { accept: "application/vnd.npm.install-v1+json" },
    signal: AbortSignal.timeout(fetchTimeoutMs),
  });
  if (!answer.ok) throw new Error(`${name}: the registry answered ${String(answer.status)}`);
  const document = (await answer.json()) as AbbreviatedDocument;
  return Object.entries(document.versions).map(([version, release]) => ({
    version,
    nodeRange: typeof release.engines?.node === "string" ? release.engines.node : undefined,
    deprecated: release.deprecated !== undefined,
  }));
};

const inPool = async <T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>) => {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
  return results;
};

const describeRow = (row: DependencyCurrency | { name: string; error: string }): string =>
  "error" in row
    ? `${row.name.padEnd(36)} ${row.error}`
    : [
        row.name.padEnd(36),
        row.installed.padEnd(12),
        (row.newestUsable ?? "-").padEnd(12),
        (row.newest ?? "-").padEnd(12),
        row.currency,
      ].join(" ");

const main = async () => {
  const nodeVersion = process.versions.node;
  const registry = registryURL();
  const rows = await inPool(directDependencies(), concurrentFetches, async (name) => {
    try {
      return dependencyCurrency(
        name,
        installedVersion(name),
        await releasesOf(registry, name),
        nodeVersion,
      );
    } catch (e) {
      return { name, error: e instanceof Error ? e.message : String(e) };
    }
  });
  console.log(`Direct dependencies against the newest releases that run on Node ${nodeVersion}:`);
  console.log(
    [
      "package".padEnd(36),
      "installed".padEnd(12),
      "usable".padEnd(12),
      "newest".padEnd(12),
      "state",
    ].join(" "),
  );
  for (const row of rows) console.log(describeRow(row));
  const behind = rows.filter(
    (row) =>
      !("error" in row) && (row.currency === "update in line" || row.currency === "new line"),
  );
  console.log(`${String(behind.length)} of ${String(rows.length)} can be upgraded.`);
};

await main();
