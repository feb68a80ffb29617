// Why an export record cannot be brought to the latest version. The export
// engine tells them apart by class, and leaves the folder as it found it.

/**
 * The record says a version newer than this client knows: a newer client
 * wrote it, and the folder's layout may hold rules this one would break.
 * Nothing in the folder is touched.
 */
export class ExportRecordTooNewError extends Error {
  override name = "ExportRecordTooNewError";

  constructor(readonly version: number) {
    super(`The export record is at version ${version}, newer than this client's`);
  }
}

/** The record is JSON, but not a record of any version (not an object, or a version that is not a count). */
export class ExportRecordUnreadableError extends Error {
  override name = "ExportRecordUnreadableError";

  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`The export record cannot be read: ${reason}`, options);
  }
}
