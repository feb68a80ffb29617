// The message of each reason a code, or a file of codes, could not be added or imported.

import type {
  AuthInputErrorKind,
  ImportFileRefusal,
  ImportedItem,
} from "../../../workers/authenticator/authenticator-contract";
import type { MessageId } from "../../common/i18n/messages";

export const inputErrorMessages = {
  "not-an-otpauth-uri": "auth.error.notAnOtpauthURI",
  "unsupported-type": "auth.error.unsupportedType",
  "unknown-algorithm": "auth.error.unknownAlgorithm",
  "secret-not-base32": "auth.error.secretNotBase32",
  "missing-secret": "auth.error.missingSecret",
  "digits-out-of-range": "auth.error.digitsOutOfRange",
  "period-out-of-range": "auth.error.periodOutOfRange",
  "counter-invalid": "auth.error.counterInvalid",
  "no-qr-code": "auth.error.noQRCode",
  "not-an-image": "auth.error.notAnImage",
  "already-present": "auth.error.alreadyPresent",
  "invalid-item": "auth.error.invalidItem",
} as const satisfies Record<AuthInputErrorKind | NonNullable<ImportedItem["reason"]>, MessageId>;

/** The message of each reason a whole file could not be imported. */
export const importRefusalMessages = {
  "empty-file": "auth.import.emptyFile",
  "unknown-format": "auth.import.unknownFormat",
  "invalid-file": "auth.import.invalidFile",
  "aegis-encrypted": "auth.error.aegisEncrypted",
  "twofas-encrypted": "auth.error.twofasEncrypted",
} as const satisfies Record<ImportFileRefusal, MessageId>;
