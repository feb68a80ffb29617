// `npm start`: builds the web apps when their build is missing or older than
// their sources, then runs the server on the embedded defaults (or on what the
// environment configures), which prints the URLs of the API and the three apps.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { webAppNames } from "../web/common/app/app-names";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** What the web build is made from: a change in any of these makes the build stale. */
const webSources = ["web", "shared", "workers", "locales", "package-lock.json"];

function newestMtimeMs(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestMtimeMs(path.join(entry, child)));
  }
  return newest;
}

function webBuildIsStale(): boolean {
  const builtIndexes = webAppNames.map((app) => path.join(repoRoot, "dist/web", app, "index.html"));
  if (builtIndexes.some((index) => !existsSync(index))) return true;
  const builtAtMs = Math.min(...builtIndexes.map((index) => statSync(index).mtimeMs));
  const sourcesMs = Math.max(
    ...webSources
      .map((source) => path.join(repoRoot, source))
      .filter((source) => existsSync(source))
      .map(newestMtimeMs),
  );
  return sourcesMs > builtAtMs;
}

if (webBuildIsStale()) {
  console.log("Building the web apps (photos, accounts, auth)...");
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-web.ts"], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  cwd: repoRoot,
  stdio: "inherit",
});
// The server shuts down gracefully on SIGINT/SIGTERM; pass them on and exit with it.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => {
  process.exit(code ?? (signal === null ? 0 : 1));
});
