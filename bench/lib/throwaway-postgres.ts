import type { DatabaseConfig } from "../../server/src/config/config";
import { createPostgresTestDatabase } from "../../server/test-support/databases";
import startPostgres from "../../server/test-support/postgres-global-setup";
import type { ScenarioContext } from "../scenario";

/**
 * Runs `work` on a fresh database of a throwaway PostgreSQL cluster (see
 * [Note: A throwaway PostgreSQL for the unit tests]); undefined, with a line
 * in the log, on a machine without PostgreSQL's binaries.
 */
export const withThrowawayPostgres = async <T>(
  context: ScenarioContext,
  work: (database: DatabaseConfig & { kind: "postgres" }) => Promise<T>,
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
