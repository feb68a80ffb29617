// Errors of the sync worker, as typed values. See conventions.md, "Errors are values with names".

/** A sealed row of the local database that cannot be opened or read (wrong key, damaged). */
export class LocalRecordError extends Error {
  override readonly name = "LocalRecordError";

  constructor(options?: ErrorOptions) {
    super("A record of the local database could not be opened", options);
  }
}

/** The sync worker was stopped (logout) while a call was waiting on it. */
export class SyncStoppedError extends Error {
  override readonly name = "SyncStoppedError";

  constructor() {
    super("The sync worker is stopped");
  }
}
