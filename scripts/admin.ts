// `npm run admin -- <command>`: list accounts, grant plans, storage and
// expiry, close or open registration. `npm run admin -- help` lists the
// commands. See server/src/admin/run-admin.ts.

import { runAdmin } from "../server/src/admin/run-admin";

process.exitCode = await runAdmin(process.argv.slice(2), {
  environment: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
