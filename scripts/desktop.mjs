// `npm run desktop`: builds the desktop app and launches it in Electron.
//
// [Note: Electron's binary is fetched on first launch, not at install]
//
// `npm ci` must succeed on machines that reach only the npm registry, and
// Electron's own install step downloads its binary from elsewhere. So the
// project denies that install script (package.json `allowScripts`), and this
// launcher runs Electron's installer the first time the desktop app is started,
// on a machine with internet access.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve("electron/package.json"));

function electronBinary() {
  const pathFile = path.join(electronDir, "path.txt");
  if (!fs.existsSync(pathFile)) return undefined;
  const binary = path.join(electronDir, "dist", fs.readFileSync(pathFile, "utf8").trim());
  return fs.existsSync(binary) ? binary : undefined;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!electronBinary()) {
  console.log("Fetching the Electron binary (first launch of the desktop app)...");
  const install = spawnSync(process.execPath, [path.join(electronDir, "install.js")], {
    stdio: "inherit",
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: "" },
  });
  if (install.status !== 0 || !electronBinary()) {
    console.error(
      "Could not fetch Electron's binary. The desktop app needs internet access on its first launch.",
    );
    process.exit(1);
  }
}

run("npm", ["run", "build:desktop"]);
run(electronBinary(), ["."], { env: process.env });
