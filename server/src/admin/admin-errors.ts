// The ways an admin command fails, as values with names, and the exit code
// each gives: 2 for a command line that cannot be run (as most Unix tools),
// 1 for a command that ran and could not do what was asked.

export type AdminErrorKind =
  /** The command line is wrong: unknown command, missing or malformed option. */
  | "usage"
  /** No account has the email. */
  | "unknown-email"
  /** No configured plan has the id. See: [Note: Plans are declared in a file] */
  | "unknown-plan"
  /** The account has no subscription row (it should always have one). */
  | "no-subscription"
  /** The server's data cannot be found or opened (data directory, database, secrets). */
  | "setup";

export class AdminError extends Error {
  override name = "AdminError";
  readonly kind: AdminErrorKind;
  constructor(kind: AdminErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** The process exit code of a failure. */
export const exitCodeOf = (error: AdminError): number => (error.kind === "usage" ? 2 : 1);
