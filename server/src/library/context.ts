import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { BlobStore } from "../blobs/blob-store";
import type { DatabaseConfig } from "../config/config";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";

/** Everything the library services (collections, files, trash) need, injected. */
export interface LibraryContext {
  db: Kysely<Database>;
  /** Which database `db` talks to (row locks exist only on PostgreSQL). */
  dialect: DatabaseConfig["kind"];
  blobStore: BlobStore;
  /** Users' emails are stored under the server key: collections answer owner and sharee emails. */
  secrets: ServerSecrets;
  log: FastifyBaseLogger;
  /** µs since the epoch. */
  nowUs: () => number;
  /** The photos app's public URL, where public links point (`/shared-albums?t=`). */
  photosURL: () => string;
}
