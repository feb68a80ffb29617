// Reads a file the user picked to import: detects its format and parses it
// into entries and refused items, or says why it cannot.

import { codeDisplayFromObject, entryLabel, parseOtpauthUri } from "../codes";
import { isAegisVault, parseAegisVault } from "./aegis";
import { enteEncryptedExportOf } from "./ente-encrypted-export";
import { MIGRATION_PREFIX, parseMigrationUri } from "./google-migration";
import type { ImportParse, ImportedEntries } from "./import-types";
import { type JSONObject, isObject, stringField } from "./json-fields";
import { codePiecesOf, importedOtpauthUri, roughLabelOf } from "./otpauth-list";
import { isTwoFasBackup, parseTwoFasBackup } from "./two-fas";

// [Note: Detecting an import's format]
//
// The content decides, not the file name (apps name their exports freely,
// and a phone may hand us "export.txt" for any of them): JSON that parses to
// an object is Ente's encrypted export (`kdfParams`, `encryptedData`), an
// Aegis vault (`header`, `db`), a 2FAS backup (`services` or
// `servicesEncrypted`) or Ente's legacy JSON export (`items`); otherwise the
// text is a list of codes if at least one piece of it starts with
// `otpauth://` or `otpauth-migration://` (Google), and each piece that does
// not is refused with its line. Anything else is an unknown format.

const failed = (error: Extract<ImportParse, { kind: "failed" }>["error"]): ImportParse => ({
  kind: "failed",
  error,
});

const entriesOf = (entries: ImportedEntries): ImportParse => ({ kind: "entries", ...entries });

/** Ente Auth's legacy plain JSON export: `{"items": [{"rawData": uri, "display": {...}}]}`. */
const parseEnteJSON = (items: unknown[]): ImportParse => {
  const result: ImportedEntries = { format: "ente-json", entries: [], refused: [] };
  items.forEach((item, index) => {
    const rawData = isObject(item) ? stringField(item, "rawData") : "";
    const fallbackLabel = `item ${index + 1}`;
    const parsed = parseOtpauthUri(rawData);
    if (!parsed.ok) {
      result.refused.push({
        label: roughLabelOf(rawData, index + 1).replace(/^line/, "item"),
        error: parsed.error,
      });
      return;
    }
    const entry = parsed.value;
    if (isObject(item) && isObject(item.display))
      entry.display = codeDisplayFromObject(item.display);
    result.entries.push({ entry, label: entryLabel(entry.otp) || fallbackLabel });
  });
  return entriesOf(result);
};

const parseJSONFile = (json: JSONObject): ImportParse => {
  const encrypted = enteEncryptedExportOf(json);
  if (encrypted !== undefined)
    return { kind: "needs-password", format: "ente-encrypted", encrypted };
  if (isAegisVault(json)) {
    const aegis = parseAegisVault(json);
    return aegis.ok ? entriesOf(aegis.value) : failed(aegis.error);
  }
  if (isTwoFasBackup(json)) {
    const twoFas = parseTwoFasBackup(json);
    return twoFas.ok ? entriesOf(twoFas.value) : failed(twoFas.error);
  }
  if (Array.isArray(json.items)) return parseEnteJSON(json.items);
  return failed({ kind: "unknown-format" });
};

const parseCodeList = (text: string): ImportParse => {
  const pieces = codePiecesOf(text);
  const isMigration = (piece: string) => piece.toLowerCase().startsWith(MIGRATION_PREFIX);
  if (!pieces.some(({ piece }) => /^otpauth(-migration)?:\/\//i.test(piece))) {
    return failed({ kind: "unknown-format" });
  }
  const result: ImportedEntries = {
    format: pieces.some(({ piece }) => isMigration(piece)) ? "google-migration" : "otpauth-list",
    entries: [],
    refused: [],
  };
  for (const { piece, line } of pieces) {
    if (isMigration(piece)) {
      const migration = parseMigrationUri(piece, line);
      result.entries.push(...migration.entries);
      result.refused.push(...migration.refused);
    } else {
      const item = importedOtpauthUri(piece, line);
      if ("item" in item) result.entries.push(item.item);
      else result.refused.push(item.refused);
    }
  }
  return entriesOf(result);
};

/**
 * Detects the format of an import file and reads it. `name` is the file's
 * name, kept for messages; the content decides the format.
 * See: [Note: Detecting an import's format]
 */
export const parseImport = ({ text }: { name: string; text: string }): ImportParse => {
  // A byte order mark is common in files saved on Windows.
  const withoutBOM = text.replace(/^\uFEFF/, "");
  const content = withoutBOM.trim();
  if (content === "") return failed({ kind: "empty-file" });
  if (content.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      return failed({ kind: "unknown-format" });
    }
    return isObject(json) ? parseJSONFile(json) : failed({ kind: "unknown-format" });
  }
  // Untrimmed, so that refused items name the file's own line numbers.
  return parseCodeList(withoutBOM);
};
