import { describe, expect, it } from "vitest";
import { parseAdminArguments, type AdminCommand } from "./admin-arguments";
import { AdminError, exitCodeOf } from "./admin-errors";

const gib = 1024 ** 3;
const jan1st2030Us = Date.UTC(2030, 0, 1) * 1000;

describe("parseAdminArguments", () => {
  it.each<[string[], AdminCommand]>([
    [[], { name: "help" }],
    [["help"], { name: "help" }],
    [["--help"], { name: "help" }],
    [["users"], { name: "users" }],
    [["close-registration"], { name: "close-registration" }],
    [["open-registration"], { name: "open-registration" }],
    [
      ["set-plan", "--email", "a@b.c", "--plan", "family-1tb"],
      { name: "set-plan", email: "a@b.c", planID: "family-1tb", expiryTimeUs: undefined },
    ],
    [
      ["set-plan", "--plan=family-1tb", "--email=a@b.c", "--expiry", "2030-01-01"],
      { name: "set-plan", email: "a@b.c", planID: "family-1tb", expiryTimeUs: jan1st2030Us },
    ],
    [
      ["set-storage", "--email", "a@b.c", "--bytes", "1073741824"],
      { name: "set-storage", email: "a@b.c", storageBytes: gib },
    ],
    [
      ["set-storage", "--email", "a@b.c", "--gib", "0.5"],
      { name: "set-storage", email: "a@b.c", storageBytes: gib / 2 },
    ],
    [
      ["set-expiry", "--email", "a@b.c", "--date", "2030-01-01"],
      { name: "set-expiry", email: "a@b.c", expiryTimeUs: jan1st2030Us },
    ],
  ])("reads %j", (argv, command) => {
    expect(parseAdminArguments(argv)).toEqual(command);
  });

  it.each([
    [["nonsense"], 'Unknown command "nonsense"'],
    [["users", "--all"], "users: Unknown option '--all'"],
    [["set-plan", "--email", "a@b.c"], "set-plan: --plan is required"],
    [["set-plan", "--plan", "p"], "set-plan: --email is required"],
    [["set-plan", "--email", "a@b.c", "--plan", "p", "extra"], "set-plan: Unexpected argument"],
    [
      ["set-plan", "--email", "a@b.c", "--plan", "p", "--expiry", "01/02/2030"],
      '--expiry: must be a date as YYYY-MM-DD (got "01/02/2030")',
    ],
    [["set-expiry", "--email", "a@b.c"], "set-expiry: --date is required"],
    [
      ["set-expiry", "--email", "a@b.c", "--date", "2030-02-30"],
      "--date: 2030-02-30 is not a date of the calendar",
    ],
    [["set-storage", "--email", "a@b.c"], "give --bytes N or --gib N (exactly one)"],
    [
      ["set-storage", "--email", "a@b.c", "--bytes", "1", "--gib", "1"],
      "give --bytes N or --gib N (exactly one)",
    ],
    [
      ["set-storage", "--email", "a@b.c", "--bytes", "10GB"],
      '--bytes: must be a whole number of bytes (got "10GB")',
    ],
    [["set-storage", "--email", "a@b.c", "--bytes=-1"], "--bytes: must be a whole number"],
    [["set-storage", "--email", "a@b.c", "--gib", "lots"], "--gib: must be a number of GiB"],
  ])("refuses %j as a usage error", (argv, message) => {
    let error: unknown;
    try {
      parseAdminArguments(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AdminError);
    expect((error as AdminError).message).toContain(message);
    expect(exitCodeOf(error as AdminError)).toBe(2);
  });
});
