// The login of `npm run export`: from `--email` and the environment when it
// runs unattended (cron), or by asking on the terminal otherwise.

import {
  type NodeLoginOptions,
  type NodeSession,
  loginFromNode,
} from "../../workers/account/node-login";
import { ExportUsageError } from "./export-arguments";
import { passwordVariable, totpCodeVariable } from "./export-constants";
import type { TerminalPrompt } from "./terminal-prompt";

export interface ExportLoginDeps {
  environment: Readonly<Record<string, string | undefined>>;
  /** Undefined when stdin is not a terminal: nothing can be asked. */
  terminal: TerminalPrompt | undefined;
  /** Where the login says what it does (stderr). */
  err: (text: string) => void;
  /** `loginFromNode` by default. */
  login?: (options: NodeLoginOptions) => Promise<NodeSession>;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value === "" ? undefined : value;

/**
 * Logs in to `apiOrigin`. Without a way to get the email or the password
 * (no `--email` and no terminal; no password variable and no terminal),
 * throws `ExportUsageError` before any request; the login's own typed
 * errors otherwise.
 */
export const logInForExport = async (
  deps: ExportLoginDeps,
  apiOrigin: string,
  givenEmail: string | undefined,
): Promise<NodeSession> => {
  const { environment, terminal, err } = deps;
  if (givenEmail === undefined && terminal === undefined) {
    throw new ExportUsageError(
      `No terminal to ask for the email and password on: give --email ADDRESS and the password in ${passwordVariable}`,
    );
  }
  const environmentPassword = nonEmpty(environment[passwordVariable]);
  if (givenEmail !== undefined && environmentPassword === undefined && terminal === undefined) {
    throw new ExportUsageError(`--email needs the password in ${passwordVariable}`);
  }

  const email = givenEmail ?? (await terminal?.ask("Email: "))?.trim() ?? "";
  const password = environmentPassword ?? (await terminal?.ask("Password: ", { hidden: true }));
  if (email === "" || password === undefined) throw new ExportUsageError("No email given");

  const totpCode = nonEmpty(environment[totpCodeVariable]);
  const askTwoFactorCode =
    totpCode !== undefined
      ? () => Promise.resolve(totpCode)
      : terminal === undefined
        ? undefined
        : () => terminal.ask("Two-factor code (from your authenticator app): ");
  const askEmailCode =
    terminal === undefined ? undefined : () => terminal.ask(`Code sent by email to ${email}: `);

  err(`Logging in to ${apiOrigin} as ${email}…`);
  return (deps.login ?? loginFromNode)({
    apiOrigin,
    email,
    password,
    ...(askTwoFactorCode === undefined ? {} : { askTwoFactorCode }),
    ...(askEmailCode === undefined ? {} : { askEmailCode }),
    onProgress: (progress) => {
      // Argon2id takes seconds (more on a small server): say why nothing happens.
      if (progress === "unlocking-keys") err("Unlocking the account's keys (a few seconds)…");
    },
  });
};
