import { parseArgs } from "node:util";
import { expiryTimeUsOfDate } from "./admin-calendar";
import { AdminError } from "./admin-errors";

// The command line of `npm run admin -- <command> [options]`, parsed into a
// command without touching the database, so that a mistyped command fails
// before anything is opened.

export type AdminCommand =
  | { name: "help" }
  | { name: "users" }
  | { name: "set-plan"; email: string; planID: string; expiryTimeUs: number | undefined }
  | { name: "set-storage"; email: string; storageBytes: number }
  | { name: "set-expiry"; email: string; expiryTimeUs: number }
  | { name: "close-registration" }
  | { name: "open-registration" }
  | { name: "models-fetch" }
  | { name: "models-status" };

export const adminUsage = `Usage: npm run admin -- <command> [options]

Commands:
  users                                     List the accounts: id, email, created, plan,
                                            storage, usage and expiry.
  set-plan --email E --plan ID [--expiry YYYY-MM-DD]
                                            Give an account a plan of CAIRN_PLANS_FILE: its
                                            storage, expiring one period from now (or at
                                            00:00 UTC on the --expiry date).
  set-storage --email E (--bytes N | --gib N)
                                            Set an account's storage, keeping its plan.
  set-expiry --email E --date YYYY-MM-DD    Set when an account's plan expires (00:00 UTC).
  close-registration                        Refuse new accounts (existing ones carry on).
  open-registration                         Accept new accounts again.
  models fetch                              Download the CLIP models semantic search needs
                                            (210 MB) and the reference's face models (34 MB)
                                            into CAIRN_MODELS_DIR, verified by size and
                                            SHA-256 (from CAIRN_MODELS_BASE_URL, default
                                            https://models.ente.com).
  models status                             Show which models are present, whether semantic
                                            search is available and which face models index.
  help                                      Show this help.

The command reads the same environment as \`npm start\` (CAIRN_DATA_DIR,
DATABASE_URL, CAIRN_PLANS_FILE, ...); changes apply to a running server at once.`;

type OptionName = "email" | "plan" | "expiry" | "bytes" | "gib" | "date";

const optionsOf = (command: string, args: string[], names: readonly OptionName[]) => {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((name) => [name, { type: "string" as const }])),
      strict: true,
      allowPositionals: false,
    });
    return values as Partial<Record<OptionName, string>>;
  } catch (error) {
    throw new AdminError("usage", `${command}: ${(error as Error).message}`);
  }
};

const required = (
  command: string,
  values: Partial<Record<OptionName, string>>,
  name: OptionName,
) => {
  const value = values[name]?.trim();
  if (value === undefined || value === "") {
    throw new AdminError("usage", `${command}: --${name} is required`);
  }
  return value;
};

/** `--bytes N` (a whole number) or `--gib N` (GiB, fractions allowed), exactly one. */
const storageBytesOf = (values: Partial<Record<OptionName, string>>): number => {
  const { bytes, gib } = values;
  if ((bytes === undefined) === (gib === undefined)) {
    throw new AdminError("usage", "set-storage: give --bytes N or --gib N (exactly one)");
  }
  if (bytes !== undefined) {
    if (!/^\d+$/.test(bytes) || !Number.isSafeInteger(Number(bytes))) {
      throw new AdminError("usage", `--bytes: must be a whole number of bytes (got "${bytes}")`);
    }
    return Number(bytes);
  }
  const gibText = gib ?? "";
  const storageBytes = Math.round(Number(gibText) * 1024 ** 3);
  if (!/^\d+(\.\d+)?$/.test(gibText) || !Number.isSafeInteger(storageBytes)) {
    throw new AdminError(
      "usage",
      `--gib: must be a number of GiB such as 100 or 0.5 (got "${gibText}")`,
    );
  }
  return storageBytes;
};

/** The command of a command line (the arguments after `npm run admin --`). */
export const parseAdminArguments = (argv: readonly string[]): AdminCommand => {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return { name: "help" };
    case "users":
    case "close-registration":
    case "open-registration":
      optionsOf(command, args, []);
      return { name: command };
    case "set-plan": {
      const values = optionsOf(command, args, ["email", "plan", "expiry"]);
      return {
        name: command,
        email: required(command, values, "email"),
        planID: required(command, values, "plan"),
        expiryTimeUs:
          values.expiry === undefined ? undefined : expiryTimeUsOfDate(values.expiry, "--expiry"),
      };
    }
    case "set-storage": {
      const values = optionsOf(command, args, ["email", "bytes", "gib"]);
      return {
        name: command,
        email: required(command, values, "email"),
        storageBytes: storageBytesOf(values),
      };
    }
    case "set-expiry": {
      const values = optionsOf(command, args, ["email", "date"]);
      return {
        name: command,
        email: required(command, values, "email"),
        expiryTimeUs: expiryTimeUsOfDate(required(command, values, "date"), "--date"),
      };
    }
    case "models": {
      const [action, ...rest] = args;
      if (action !== "fetch" && action !== "status") {
        throw new AdminError(
          "usage",
          'models: give "fetch" or "status"; see npm run admin -- help',
        );
      }
      optionsOf(`models ${action}`, rest, []);
      return { name: action === "fetch" ? "models-fetch" : "models-status" };
    }
    default:
      throw new AdminError("usage", `Unknown command "${command}"; see npm run admin -- help`);
  }
};
