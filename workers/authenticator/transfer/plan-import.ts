// What an import will do: which parsed entries to add, which to skip because
// the user already has them (or the file has them twice), and which were refused.

import type { AuthenticatorEntry, OtpParameters } from "../codes";
import type { ImportedEntries, RefusedItem } from "./import-types";

export interface SkippedItem {
  label: string;
  line?: number;
  reason: "already-present";
}

export interface ImportPlan {
  toAdd: AuthenticatorEntry[];
  skipped: SkippedItem[];
  refused: RefusedItem[];
}

// [Note: When an imported code is already present]
//
// Two entries are the same code when they have the same kind, the same
// normalized secret and the same issuer and account, compared without regard
// to case (and after trimming): re-importing a file, or importing the export
// of another app that holds the same accounts, adds nothing twice. Digits,
// period and algorithm are not compared: a secret with the same names under
// other settings is a mistake to review, not a second account. A file that
// holds a code twice adds it once.

/** The identity of a code for duplicate detection. See: [Note: When an imported code is already present] */
export const duplicateKeyOf = (otp: OtpParameters): string =>
  JSON.stringify([
    otp.kind,
    otp.secretBase32.toUpperCase(),
    otp.issuer.trim().toLowerCase(),
    otp.account.trim().toLowerCase(),
  ]);

/** See: [Note: When an imported code is already present] */
export const planImport = (
  existing: readonly OtpParameters[],
  parsed: Pick<ImportedEntries, "entries" | "refused">,
): ImportPlan => {
  const seen = new Set(existing.map(duplicateKeyOf));
  const plan: ImportPlan = { toAdd: [], skipped: [], refused: [...parsed.refused] };
  for (const { entry, label, line } of parsed.entries) {
    const key = duplicateKeyOf(entry.otp);
    if (seen.has(key)) {
      plan.skipped.push({
        label,
        ...(line === undefined ? {} : { line }),
        reason: "already-present",
      });
    } else {
      seen.add(key);
      plan.toAdd.push(entry);
    }
  }
  return plan;
};
