// 2FAS Authenticator's unencrypted JSON backup (`.2fas` file).

import { emptyCodeDisplay, entryLabel, otpParametersFrom } from "../codes";
import type { ImportFileError, ImportedEntries } from "./import-types";
import { type JSONObject, isObject, scalarField, stringField } from "./json-fields";

// [Note: 2FAS backup format]
//
// `{services: [{name, secret, otp: {account, issuer, digits, period,
// algorithm, tokenType: "TOTP"|"HOTP"|"STEAM", counter}, order: {position},
// groupId}], groups: [{id, name}], schemaVersion}`. An encrypted backup has
// `servicesEncrypted` ("data:salt:iv" base64, PBKDF2-SHA256 and AES-GCM) with
// `reference`, and an empty `services`; we refuse it (2FAS can export without
// a password). As Ente Auth does, the issuer falls back to the service's
// `name`, and the group becomes a tag.

export const isTwoFasBackup = (json: JSONObject): boolean =>
  Array.isArray(json.services) || "servicesEncrypted" in json;

export const parseTwoFasBackup = (
  json: JSONObject,
): { ok: true; value: ImportedEntries } | { ok: false; error: ImportFileError } => {
  if (typeof json.servicesEncrypted === "string" && json.servicesEncrypted !== "") {
    return { ok: false, error: { kind: "2fas-encrypted" } };
  }
  if (!Array.isArray(json.services)) {
    return {
      ok: false,
      error: { kind: "invalid-file", format: "2fas", reason: "services is not a list" },
    };
  }
  const groupNames = new Map<string, string>();
  for (const group of Array.isArray(json.groups) ? json.groups : []) {
    if (isObject(group)) groupNames.set(stringField(group, "id"), stringField(group, "name"));
  }

  const result: ImportedEntries = { format: "2fas", entries: [], refused: [] };
  json.services.forEach((service: unknown, index) => {
    const fallbackLabel = `service ${index + 1}`;
    if (!isObject(service)) {
      result.refused.push({
        label: fallbackLabel,
        error: { kind: "invalid-item", reason: "a service that is not an object" },
      });
      return;
    }
    const otpFields: JSONObject = isObject(service.otp) ? service.otp : {};
    const issuer = stringField(otpFields, "issuer") || stringField(service, "name");
    const account = stringField(otpFields, "account");
    const label = entryLabel({ issuer, account }) || fallbackLabel;
    const otp = otpParametersFrom({
      // 2FAS files from before token types existed hold only TOTP.
      type: stringField(otpFields, "tokenType") || "TOTP",
      issuer,
      account,
      secret: stringField(service, "secret"),
      algorithm: stringField(otpFields, "algorithm"),
      digits: scalarField(otpFields, "digits"),
      period: scalarField(otpFields, "period"),
      counter: scalarField(otpFields, "counter"),
    });
    if (!otp.ok) {
      result.refused.push({ label, error: otp.error });
      return;
    }
    const display = emptyCodeDisplay();
    const groupName = groupNames.get(stringField(service, "groupId"));
    if (groupName) display.tags = [groupName];
    result.entries.push({ entry: { otp: otp.value, display }, label });
  });
  return { ok: true, value: result };
};
