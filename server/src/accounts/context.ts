import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { ClientApp } from "../../../shared/api/headers";
import { ApiError } from "../../../shared/model/errors";
import type { BlobStore } from "../blobs/blob-store";
import type { ConfiguredPlan } from "../config/config";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";

/** Everything the account services need, injected. */
export interface AccountsContext {
  db: Kysely<Database>;
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
  /** The plans this server grants (none when absent). See: [Note: Plans are declared in a file] */
  plans?: readonly ConfiguredPlan[];
  /** WebAuthn relying party: its ID and the origins ceremonies may come from. */
  webAuthn: () => { rpID: string; origins: string[] };
}

export const microsecondsPerSecond = 1_000_000;
export const microsecondsPerMinute = 60 * microsecondsPerSecond;
export const microsecondsPerHour = 60 * microsecondsPerMinute;
export const microsecondsPerDay = 24 * microsecondsPerHour;

/** A coded error answer (wire-contract §0.2). */
export const apiError = (status: number, code: string, message: string): ApiError =>
  new ApiError({ status, code, message });

export const badRequest = (message: string): ApiError => apiError(400, "BAD_REQUEST", message);
export const notFound = (message: string): ApiError => apiError(404, "NOT_FOUND", message);
export const forbidden = (message: string): ApiError => apiError(403, "PERMISSION_DENIED", message);
export const unauthorized = (message: string): ApiError => apiError(401, "UNAUTHORIZED", message);
export const gone = (message: string): ApiError => apiError(410, "GONE", message);
export const tooManyRequests = (message: string): ApiError =>
  apiError(429, "TOO_MANY_REQUESTS", message);

/** What is recorded about the device of a new session. */
export const clientOf = (request: FastifyRequest): { ip: string; userAgent: string } => {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof userAgent === "string" ? userAgent : "" };
};

export const flag = (value: boolean): number => (value ? 1 : 0);

/** An app name read back from the database. */
export const storedApp = (app: string): ClientApp =>
  app === "auth" || app === "locker" ? app : "photos";
