import type { ClientApp } from "../../../shared/api/headers";

// Values as the tables store them.

/** A boolean in an integer column (SQLite has no boolean type). */
export const flag = (value: boolean): number => (value ? 1 : 0);

/** An app name read back from the database. */
export const storedApp = (app: string): ClientApp =>
  app === "auth" || app === "locker" ? app : "photos";
