// [Note: A database that is away answers 503]
//
// PostgreSQL restarts, fails over or refuses connections for a moment;
// SQLite can stay locked by another process past its busy timeout. A request
// that meets such a moment did nothing wrong and will succeed a little later,
// so it is answered 503 with `Retry-After` (as every refusal that asks for a
// retry is, see [Note: Every 429 says when to try again]), not a 500 that
// says the server is broken. The process never exits for it: the pool drops
// dead connections and opens new ones on the next query
// (See: [Note: An idle PostgreSQL connection may die]).

/** Seconds a client is told to wait before retrying a request the database could not serve. */
export const databaseRetryAfterSeconds = 5;

/** Socket errors of a connection that could not be made or was lost. */
const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not there yet:
 * class 08 (connection exception), and 57P01–57P03 (administrator, crash
 * shutdown, cannot connect now).
 */
const isUnavailableSQLState = (code: string): boolean =>
  code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";

/** node-postgres's own errors for a connection that ended or never opened. */
const lostConnectionMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/** Whether `error` says the database could not be reached, rather than that the query was wrong. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (connectionErrorCodes.has(code) || isUnavailableSQLState(code)) return true;
    // better-sqlite3: the database stayed locked past the busy timeout.
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return true;
  }
  if (lostConnectionMessages.some((message) => error.message.includes(message))) return true;
  // An AggregateError of connection attempts (IPv4 and IPv6 both refused).
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
};
