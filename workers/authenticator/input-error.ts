// The page's reason for a refused code, from the codes' typed errors.

import type { AuthInputErrorKind, ImportedItem } from "./authenticator-contract";
import type { OtpauthUriError } from "./codes";
import type { ImportItemError } from "./transfer";

/** The reason the page names for a code that could not be read. */
export const inputErrorOf = (error: OtpauthUriError): AuthInputErrorKind => error.kind;

/** The reason an import's report gives for a refused item. */
export const importItemReasonOf = (error: ImportItemError): NonNullable<ImportedItem["reason"]> =>
  error.kind === "invalid-item" ? "invalid-item" : inputErrorOf(error);
