import type { AccountSummary } from "./admin-accounts";
import { utcDayOf, utcMinuteOf } from "./admin-calendar";

// What the admin commands print: plain text for a terminal, aligned columns,
// sizes in binary units (as the apps show them) with the exact bytes where a
// value was just set.

const units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"] as const;

/** A size for people: "0 B", "512 MiB", "1.5 GiB", "10 GiB". */
export const humanBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit] ?? "B"}`;
};

const headers = ["id", "email", "created", "plan", "storage", "usage", "expiry"] as const;

const cellsOf = (account: AccountSummary, nowUs: number): string[] => [
  String(account.userID),
  account.email,
  utcDayOf(account.creationTimeUs),
  account.productID ?? "-",
  account.storageBytes === undefined ? "-" : humanBytes(account.storageBytes),
  humanBytes(account.usageBytes),
  account.expiryTimeUs === undefined
    ? "-"
    : `${utcDayOf(account.expiryTimeUs)}${account.expiryTimeUs <= nowUs ? " (expired)" : ""}`,
];

/** The table of `users`: one account a line under a header, columns padded. */
export const accountsTable = (accounts: readonly AccountSummary[], nowUs: number): string => {
  if (accounts.length === 0) return "No accounts.";
  const rows = [[...headers], ...accounts.map((account) => cellsOf(account, nowUs))];
  const widths = headers.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
};

/** What a change left the account with, e.g. after `set-plan`. */
export const accountAfterChange = (account: AccountSummary, nowUs: number): string => {
  const lines = [
    `${account.email} (account ${String(account.userID)}):`,
    `  plan     ${account.productID ?? "-"}`,
    `  storage  ${
      account.storageBytes === undefined
        ? "-"
        : `${humanBytes(account.storageBytes)} (${String(account.storageBytes)} bytes)`
    }`,
    `  usage    ${humanBytes(account.usageBytes)}`,
    `  expiry   ${account.expiryTimeUs === undefined ? "-" : utcMinuteOf(account.expiryTimeUs)}`,
  ];
  if (account.expiryTimeUs !== undefined && account.expiryTimeUs <= nowUs) {
    lines.push("  The plan has expired: once its grace period is over, uploads are refused (402).");
  }
  if (account.storageBytes !== undefined && account.usageBytes > account.storageBytes) {
    lines.push("  Usage is above the storage: uploads are refused (426) until files are deleted.");
  }
  return lines.join("\n");
};
