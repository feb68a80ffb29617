// Whether a database error is a unique-constraint violation, on either
// database: PostgreSQL reports SQLSTATE 23505, better-sqlite3 the extended
// code SQLITE_CONSTRAINT_UNIQUE (or SQLITE_CONSTRAINT_PRIMARYKEY).

const uniqueViolationCodes = new Set([
  "23505",
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
]);

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  typeof error.code === "string" &&
  uniqueViolationCodes.has(error.code);
