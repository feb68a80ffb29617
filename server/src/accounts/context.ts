import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blobs/blob-store";
import type { ConfiguredPlan, DatabaseConfig } from "../config/config";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";

/** Everything the account services need, injected. */
export interface AccountsContext {
  db: Kysely<Database>;
  /** Which database `db` talks to (row locks exist only on PostgreSQL). */
  dialect: DatabaseConfig["kind"];
  secrets: ServerSecrets;
  mailer: Mailer;
  blobStore: BlobStore;
  log: FastifyBaseLogger;
  /** µs since the epoch. */
  nowUs: () => number;
  /** The accounts app's public URL (known once the server listens). */
  accountsURL: () => string;
  roadmapURL: string;
  /** The family page (`GET /users/families-token`); by default the photos app's, known once the server listens. */
  familiesURL: () => string;
  freeStorageBytes: number;
  /** The feature flags' `castUrl`; none when absent. See: [Note: The cast receiver's URL] */
  castURL?: string | undefined;
  /** The plans this server grants (none when absent). See: [Note: Plans are declared in a file] */
  plans?: readonly ConfiguredPlan[];
  /** WebAuthn relying party: its ID and the origins ceremonies may come from. */
  webAuthn: () => { rpID: string; origins: string[] };
}

/** What is recorded about the device of a new session. */
export const clientOf = (request: FastifyRequest): { ip: string; userAgent: string } => {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent : "" };
};
