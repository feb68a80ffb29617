// A list of `otpauth://` URIs, Ente Auth's plain-text export format (also
// what its encrypted export holds), read and written.

import { type AuthenticatorEntry, entryLabel, formatOtpauthUri, parseOtpauthUri } from "../codes";
import type { ImportedItem, RefusedItem } from "./import-types";

// [Note: Ente's plain export separates codes by newlines or commas]
//
// Ente Auth writes one URI per line, with every "," of a URI written as
// "%2C", because its importer also accepts codes separated by commas (it
// splits the whole text at commas first, and at line breaks only if there
// was no comma). We split at line breaks, then at a comma only where the next
// code starts (",otpauth://"), so a URI that holds a literal comma (another
// app's export) stays whole. Blank lines are skipped.

/** The pieces of a text that may be codes, each with its 1-based line. */
export const codePiecesOf = (text: string): { piece: string; line: number }[] =>
  text.split(/\r\n|\r|\n/).flatMap((lineText, index) =>
    lineText
      .split(/,(?=\s*otpauth(?:-migration)?:\/\/)/i)
      .map((piece) => ({ piece: piece.trim(), line: index + 1 }))
      .filter(({ piece }) => piece !== ""),
  );

/**
 * A label for a URI that may not parse, without its secret: the decoded
 * label part, or "line N".
 */
export const roughLabelOf = (uri: string, line: number): string => {
  const match = /^otpauth:\/\/[^/?]*\/([^?]*)/i.exec(uri);
  let label = match?.[1] ?? "";
  try {
    label = decodeURIComponent(label);
  } catch {
    // Keep the raw label.
  }
  return label.trim() === "" ? `line ${line}` : label;
};

/** Reads one URI of a list into an imported or refused item. */
export const importedOtpauthUri = (
  uri: string,
  line: number,
): { item: ImportedItem } | { refused: RefusedItem } => {
  const result = parseOtpauthUri(uri);
  if (!result.ok) return { refused: { label: roughLabelOf(uri, line), line, error: result.error } };
  return {
    item: { entry: result.value, label: entryLabel(result.value.otp) || `line ${line}`, line },
  };
};

/**
 * Ente Auth's plain-text export: one `otpauth://` URI per line, display data
 * in `codeDisplay`, ending with a newline. Also the plaintext of the
 * encrypted export. See: [Note: Ente's plain export separates codes by newlines or commas]
 */
export const plainExport = (entries: readonly AuthenticatorEntry[]): string =>
  // `formatOtpauthUri` percent-encodes every value, commas included.
  entries.map((entry) => `${formatOtpauthUri(entry)}\n`).join("");
