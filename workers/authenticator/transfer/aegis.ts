// Aegis Authenticator's unencrypted JSON export (a "vault" file).

import { emptyCodeDisplay, entryLabel, otpParametersFrom } from "../codes";
import type { ImportFileError, ImportedEntries, RefusedItem } from "./import-types";
import { type JSONObject, isObject, scalarField, stringField } from "./json-fields";

// [Note: Aegis vault format]
//
// `{version, header: {slots, params}, db}`. Unencrypted, `header.slots` and
// `header.params` are null and `db` is an object `{version, entries, groups}`;
// encrypted, `slots` lists the key slots and `db` is a base64 string (we do
// not decrypt it; Ente Auth does with scrypt and AES-GCM, a dependency we do
// not carry for an option Aegis lets the user turn off). An entry is `{type:
// "totp"|"hotp"|"steam"|"motp"|"yandex", name (the account), issuer, note,
// favorite, groups: [uuid], info: {secret, algo, digits, period, counter}}`;
// `db.groups` is `[{uuid, name}]` (db version 3; older files have an entry's
// single `group` name instead). As Ente Auth does, a favorite is pinned and
// groups become tags.

/** Whether parsed JSON looks like an Aegis vault. */
export const isAegisVault = (json: JSONObject): boolean => isObject(json.header) && "db" in json;

export const parseAegisVault = (
  json: JSONObject,
): { ok: true; value: ImportedEntries } | { ok: false; error: ImportFileError } => {
  const header = json.header as JSONObject;
  if ((header.slots !== null && header.slots !== undefined) || typeof json.db === "string") {
    return { ok: false, error: { kind: "aegis-encrypted" } };
  }
  const db = json.db;
  if (!isObject(db) || !Array.isArray(db.entries)) {
    return {
      ok: false,
      error: { kind: "invalid-file", format: "aegis", reason: "db.entries is not a list" },
    };
  }
  const groupNames = new Map<string, string>();
  for (const group of Array.isArray(db.groups) ? db.groups : []) {
    if (isObject(group)) groupNames.set(stringField(group, "uuid"), stringField(group, "name"));
  }

  const result: ImportedEntries = { format: "aegis", entries: [], refused: [] };
  db.entries.forEach((item: unknown, index) => {
    const fallbackLabel = `entry ${index + 1}`;
    const refuse = (error: RefusedItem["error"], label = fallbackLabel) =>
      result.refused.push({ label, error });
    if (!isObject(item) || !isObject(item.info)) {
      refuse({ kind: "invalid-item", reason: "an entry without info" });
      return;
    }
    const info: JSONObject = item.info;
    const issuer = stringField(item, "issuer");
    const account = stringField(item, "name");
    const label = entryLabel({ issuer, account }) || fallbackLabel;
    const otp = otpParametersFrom({
      type: stringField(item, "type"),
      issuer,
      account,
      secret: stringField(info, "secret"),
      algorithm: stringField(info, "algo"),
      digits: scalarField(info, "digits"),
      period: scalarField(info, "period"),
      counter: scalarField(info, "counter"),
    });
    if (!otp.ok) {
      refuse(otp.error, label);
      return;
    }
    const display = emptyCodeDisplay();
    display.pinned = item.favorite === true;
    display.note = stringField(item, "note");
    const groupIDs = Array.isArray(item.groups) ? item.groups : [];
    display.tags = groupIDs.flatMap((id) => {
      const name = typeof id === "string" ? groupNames.get(id) : undefined;
      return name ? [name] : [];
    });
    const legacyGroup = stringField(item, "group");
    if (legacyGroup !== "" && !display.tags.includes(legacyGroup)) display.tags.push(legacyGroup);
    result.entries.push({ entry: { otp: otp.value, display }, label });
  });
  return { ok: true, value: result };
};
