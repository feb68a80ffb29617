// The plaintext of an authenticator entity on the server, in Ente Auth's
// format so that an Ente client reads our entities and we read theirs.

import { type AuthenticatorEntry, type Result, err } from "./entry";
import { type OtpauthUriError, formatOtpauthUri, parseOtpauthUri } from "./otpauth-uri";

// [Note: An authenticator entity is the JSON of a URI string]
//
// Ente Auth encrypts, as an entity's plaintext, `jsonEncode(uri)`: the JSON
// encoding of a string, so the text starts and ends with a double quote. The
// URI carries everything, display data included, in its `codeDisplay`
// parameter (See: [Note: codeDisplay is Ente's JSON inside the URI]). Both
// Ente apps `JSON.parse` the plaintext and read the string as a URI.

export type EntityPlaintextError = { kind: "not-a-json-string"; reason: string } | OtpauthUriError;

/** The text to encrypt for an entry. See: [Note: An authenticator entity is the JSON of a URI string] */
export const entityPlaintextOf = (entry: AuthenticatorEntry): string =>
  JSON.stringify(formatOtpauthUri(entry));

/** Reads a decrypted entity. See: [Note: An authenticator entity is the JSON of a URI string] */
export const entryFromEntityPlaintext = (
  text: string,
): Result<AuthenticatorEntry, EntityPlaintextError> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err({ kind: "not-a-json-string", reason: "the plaintext is not JSON" });
  }
  if (typeof value !== "string") {
    return err({ kind: "not-a-json-string", reason: "the plaintext is JSON but not a string" });
  }
  return parseOtpauthUri(value);
};
