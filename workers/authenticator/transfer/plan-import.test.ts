// Which parsed entries an import adds, skips as already present, or refuses.

import { describe, expect, it } from "vitest";
import { sampleEntries, samples } from "../test-support/import-files";
import type { ImportedEntries } from "./import-types";
import { planImport } from "./plan-import";

const imported = (entries = sampleEntries()): ImportedEntries => ({
  format: "otpauth-list",
  entries: entries.map((entry, index) => ({
    entry,
    label: `${entry.otp.issuer} (${entry.otp.account})`,
    line: index + 1,
  })),
  refused: [{ label: "line 9", line: 9, error: { kind: "secret-not-base32" } }],
});

describe("planImport", () => {
  it("adds everything new and passes refused items through", () => {
    const plan = planImport([], imported());
    expect(plan.toAdd).toEqual(sampleEntries());
    expect(plan.skipped).toEqual([]);
    expect(plan.refused).toEqual([
      { label: "line 9", line: 9, error: { kind: "secret-not-base32" } },
    ]);
  });

  it("skips a code already present, comparing issuer and account without case", () => {
    const { github } = samples();
    const existing = [{ ...github.otp, issuer: "GITHUB", account: " Octo@Example.com", digits: 8 }];
    const plan = planImport(existing, imported());
    expect(plan.toAdd.map((entry) => entry.otp.issuer)).toEqual([
      "Bank: Savings & Co",
      "VPN",
      "Steam",
    ]);
    expect(plan.skipped).toEqual([
      { label: "GitHub (octo@example.com)", line: 1, reason: "already-present" },
    ]);
  });

  it.each([
    ["another secret", { secretBase32: "MZXW6YTBOI" }],
    ["another kind", { kind: "hotp" as const }],
    ["another issuer", { issuer: "GitLab" }],
    ["another account", { account: "other@example.com" }],
  ])("adds the same names with %s", (_, change) => {
    const { github } = samples();
    const plan = planImport([{ ...github.otp, ...change }], imported([github]));
    expect(plan.toAdd).toHaveLength(1);
    expect(plan.skipped).toEqual([]);
  });

  it("adds a code the file holds twice once", () => {
    const { github, bank } = samples();
    const again = { ...github, otp: { ...github.otp, account: "OCTO@example.com" } };
    const plan = planImport([], imported([github, bank, again]));
    expect(plan.toAdd).toEqual([github, bank]);
    expect(plan.skipped).toEqual([
      { label: "GitHub (OCTO@example.com)", line: 3, reason: "already-present" },
    ]);
  });
});
