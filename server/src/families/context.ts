import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";

/** Everything the family plan services need, injected. */
export interface FamiliesContext {
  db: Kysely<Database>;
  /** The JWT secret (families tokens), `keyHash` (invite tokens), `keyEncryption` (emails). */
  secrets: ServerSecrets;
  /** Sends invites and notices (someone joined, left, was removed). */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** µs since the epoch. */
  nowUs: () => number;
  /** The photos app's public URL, where invite links point (`/family?inviteToken=`). */
  photosURL: () => string;
}
