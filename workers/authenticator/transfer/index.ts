// Imports from other authenticator apps and exports in Ente Auth's formats.
// Pure; the encrypted export takes libsodium from its caller.

export * from "./import-types";
export { parseImport } from "./parse-import";
export { planImport, duplicateKeyOf, type ImportPlan, type SkippedItem } from "./plan-import";
export { plainExport } from "./otpauth-list";
export {
  type EnteEncryptedExport,
  type DecryptExportError,
  type EncryptExportOptions,
  encryptExport,
  decryptEnteExport,
  enteEncryptedExportOf,
} from "./ente-encrypted-export";
export {
  type MigrationOtpParameters,
  MIGRATION_ALGORITHM,
  MIGRATION_DIGITS,
  MIGRATION_TYPE,
  readMigrationPayload,
} from "./google-migration";
