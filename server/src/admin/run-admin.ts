import { existsSync } from "node:fs";
import path from "node:path";
import type { ModelFile } from "../../../shared/api/models";
import { ConfigError, loadConfig, type Environment } from "../config/config";
import {
  loadOrCreateSecrets,
  secretsFileName,
  SecretsError,
  type ServerSecrets,
} from "../config/secrets";
import { MigrationError, openDatabase } from "../db/database";
import {
  grantPlan,
  listAccounts,
  setAccountExpiry,
  setAccountStorage,
  type AdminContext,
} from "./admin-accounts";
import { adminUsage, parseAdminArguments, type AdminCommand } from "./admin-arguments";
import { AdminError, exitCodeOf } from "./admin-errors";
import { accountAfterChange, accountsTable } from "./admin-format";
import { setRegistrationState } from "./registration";
import { runModelsCommand } from "./admin-models";

// `npm run admin -- <command>`: the operator's commands, run against the data
// of the server that the same environment as `npm start` configures.
//
// [Note: The admin command opens the server's own data]
//
// The command reads the configuration exactly as the server does
// (`loadConfig` over the environment and working directory), so it finds the
// same database (SQLite under CAIRN_DATA_DIR, or DATABASE_URL) and the same
// `secrets.json`, without which stored emails can be neither read nor found.
// It refuses to create either: a missing SQLite file or secrets file means a
// wrong CAIRN_DATA_DIR, and creating them would hide that. It migrates the
// database as a start would, so a command run before the first start after an
// upgrade finds the tables it writes. It may run while the server runs: SQLite
// waits for the server's locks (see `sqliteBusyTimeoutMs`) and PostgreSQL
// takes concurrent connections.

export interface AdminIO {
  environment: Environment;
  cwd: string;
  /** Where results go (stdout). */
  out: (text: string) => void;
  /** Where failures go (stderr). */
  err: (text: string) => void;
  /** µs since the epoch; the clock by default. */
  nowUs?: () => number;
  /** Semantic search's models `models fetch` and `models status` expect; the catalogue's by default (tests: tiny ones). */
  models?: readonly ModelFile[];
  /** Likewise the reference's face models. */
  faceModels?: readonly ModelFile[];
  /** The fetch of `models fetch`; the global one by default. */
  fetch?: typeof globalThis.fetch;
}

type AccountCommand = Exclude<
  AdminCommand,
  { name: "help" | "close-registration" | "open-registration" | "models-fetch" | "models-status" }
>;

const runAccountCommand = async (
  command: AccountCommand,
  context: AdminContext,
  io: AdminIO,
): Promise<void> => {
  const nowUs = context.nowUs();
  switch (command.name) {
    case "users":
      io.out(accountsTable(await listAccounts(context), nowUs));
      return;
    case "set-plan":
      io.out(
        accountAfterChange(
          await grantPlan(context, command.email, command.planID, command.expiryTimeUs),
          nowUs,
        ),
      );
      return;
    case "set-storage":
      io.out(
        accountAfterChange(
          await setAccountStorage(context, command.email, command.storageBytes),
          nowUs,
        ),
      );
      return;
    case "set-expiry":
      io.out(
        accountAfterChange(
          await setAccountExpiry(context, command.email, command.expiryTimeUs),
          nowUs,
        ),
      );
      return;
  }
};

/** The server's secrets; refuses to create them. See: [Note: The admin command opens the server's own data] */
const existingSecrets = async (dataDir: string): Promise<ServerSecrets> => {
  if (!existsSync(path.join(dataDir, secretsFileName))) {
    throw new AdminError(
      "setup",
      `No ${secretsFileName} in ${dataDir}: set CAIRN_DATA_DIR to the server's data directory`,
    );
  }
  return loadOrCreateSecrets(dataDir);
};

/**
 * Run one admin command; answers the process exit code (0 done, 1 failed,
 * 2 wrong command line). See: [Note: The admin command opens the server's own data]
 */
export const runAdmin = async (argv: readonly string[], io: AdminIO): Promise<number> => {
  const nowUs = io.nowUs ?? (() => Date.now() * 1000);
  try {
    const command = parseAdminArguments(argv);
    if (command.name === "help") {
      io.out(adminUsage);
      return 0;
    }
    const config = loadConfig(io.environment, io.cwd);
    // The models folder is a folder of files: no database or secrets needed.
    if (command.name === "models-fetch" || command.name === "models-status") {
      return await runModelsCommand(command.name, config.modelsDir, io);
    }
    if (config.database.kind === "sqlite" && !existsSync(config.database.file)) {
      throw new AdminError(
        "setup",
        `No database at ${config.database.file}: set CAIRN_DATA_DIR (or DATABASE_URL) as for npm start`,
      );
    }
    const registration =
      command.name === "close-registration" || command.name === "open-registration";
    const secrets = registration ? undefined : await existingSecrets(config.dataDir);
    const database = await openDatabase(config.database);
    try {
      if (command.name === "close-registration") {
        await setRegistrationState(database.db, "closed", nowUs());
        io.out("Registration is closed: new accounts are refused; existing ones carry on.");
      } else if (command.name === "open-registration") {
        await setRegistrationState(database.db, "open", nowUs());
        io.out("Registration is open: anybody may create an account.");
      } else if (secrets !== undefined) {
        await runAccountCommand(
          command,
          { db: database.db, secrets, plans: config.plans, nowUs },
          io,
        );
      }
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof AdminError) {
      io.err(error.message);
      return exitCodeOf(error);
    }
    if (
      error instanceof ConfigError ||
      error instanceof SecretsError ||
      error instanceof MigrationError
    ) {
      io.err(error.message);
      return 1;
    }
    io.err(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
};
