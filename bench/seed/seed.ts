// `npx tsx bench/seed/seed.ts [--files N] [--albums M] [--data-dir DIR]`:
// starts a Cairn on DIR (a new temporary folder by default), signs up an
// account over HTTP, seeds it with N files in M albums (defaults 100,000 and
// 50) through the server's storage layer, prints the time and the
// credentials, and stops. `CAIRN_DATA_DIR=DIR npm start` then serves it.

import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startCairn } from "../../server/src/main";
import { signUpNodeAccount } from "../../tests/test-support/node-account";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { seedCairn } from "./seed-cairn";

const { values } = parseArgs({
  options: {
    files: { type: "string", default: "100000" },
    albums: { type: "string", default: "50" },
    "data-dir": { type: "string" },
  },
});
const fileCount = Number(values.files);
const albumCount = Number(values.albums);
const dataDir = values["data-dir"] ?? (await mkdtemp(path.join(os.tmpdir(), "cairn-seeded-")));

const cairn = await startCairn({
  dataDir,
  logLevel: "warn",
  ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
  rateLimitScale: 100,
});
const pool = await createNodeCryptoPool();
try {
  const email = `seeded-${Date.now().toString(36)}@cairn.test`;
  const password = "seeded library password";
  const account = await signUpNodeAccount({
    apiOrigin: cairn.urls.api,
    mailDir: path.join(dataDir, "mail"),
    email,
    password,
  });
  console.log(`seeding ${String(fileCount)} files in ${String(albumCount)} albums…`);
  let lastReportMs = 0;
  const seeded = await seedCairn({
    cairn,
    userID: account.userID,
    accountKeys: account.accountKeys,
    pool,
    fileCount,
    albumCount,
    log: (line) => {
      if (performance.now() - lastReportMs > 5_000) {
        lastReportMs = performance.now();
        console.log(line);
      }
    },
  });
  const seconds = seeded.elapsedMs / 1000;
  console.log(
    `seeded ${String(seeded.fileCount)} files in ${String(seeded.albums.length)} albums in ${seconds.toFixed(1)} s (${(seeded.fileCount / seconds).toFixed(0)} files/s)`,
  );
  console.log(`data dir: ${dataDir}\nemail: ${email}\npassword: ${password}`);
} finally {
  await pool.terminate();
  await cairn.close();
}
