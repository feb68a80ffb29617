// Importing a file of codes: read it (asking for the password of an
// encrypted export), leave out the codes already there, add the others, and
// report each line's fate. A refused file or item never touches the codes
// already stored.

import type { ImportAnswer, ImportFileRefusal, ImportReport } from "./authenticator-contract";
import { entryLabel, type OtpParameters } from "./codes";
import { decryptEnteExport, type ImportFileError, parseImport, planImport } from "./transfer";
import type { AuthenticatorEntry } from "./codes";
import { importItemReasonOf } from "./input-error";
import type { Sodium } from "../../shared/crypto/sodium";

export interface ImportCodesDeps {
  /** The codes the account has (in "Recently deleted" too: restoring beats a duplicate). */
  existing: () => OtpParameters[];
  add: (entries: readonly AuthenticatorEntry[]) => Promise<void>;
  sodium: () => Promise<Sodium>;
}

const refusalOf = (error: ImportFileError): ImportFileRefusal => {
  switch (error.kind) {
    case "empty-file":
    case "unknown-format":
    case "invalid-file":
    case "aegis-encrypted":
      return error.kind;
    case "2fas-encrypted":
      return "twofas-encrypted";
  }
};

export const importCodes = async (
  file: { name: string; text: string },
  password: string | undefined,
  deps: ImportCodesDeps,
): Promise<ImportAnswer> => {
  const read = parseImport(file);
  if (read.kind === "failed") return { kind: "file-refused", reason: refusalOf(read.error) };
  if (read.kind === "needs-password") {
    if (password === undefined) return { kind: "needs-password" };
    const opened = await decryptEnteExport(read.encrypted, password, await deps.sodium());
    if (!opened.ok) {
      return opened.error.kind === "wrong-password"
        ? { kind: "wrong-password" }
        : { kind: "file-refused", reason: "invalid-file" };
    }
    // The decrypted export is Ente's plain export; a password cannot be asked twice.
    const inner = await importCodes({ name: file.name, text: opened.value }, undefined, deps);
    return inner.kind === "needs-password"
      ? { kind: "file-refused", reason: "invalid-file" }
      : inner;
  }
  const plan = planImport(deps.existing(), read);
  await deps.add(plan.toAdd);
  const report: ImportReport = {
    format: read.format,
    added: plan.toAdd.map((entry) => ({ label: entryLabel(entry.otp) })),
    skipped: plan.skipped.map(({ label }) => ({ label, reason: "already-present" })),
    refused: plan.refused.map(({ label, error }) => ({ label, reason: importItemReasonOf(error) })),
  };
  return { kind: "imported", report };
};
