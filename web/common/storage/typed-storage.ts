// Typed access to the local storage keys. See: [Note: Local storage keys]

import {
  localStorageKeys,
  type LocalStorageKey,
  type LocalStorageValue,
} from "./local-storage-keys";

/** Why a stored value could not be used. */
export type CorruptReason = "unparsable-json" | "schema-mismatch";

export type StoredValueParse<K extends LocalStorageKey> =
  | { kind: "absent" }
  | { kind: "value"; value: LocalStorageValue<K> }
  | { kind: "corrupt"; reason: CorruptReason; detail: string };

/**
 * Decode the raw string kept under `key` (or `null` when nothing is kept).
 * Pure: a corrupt value is reported as such, never thrown.
 */
export function parseStoredValue<K extends LocalStorageKey>(
  key: K,
  raw: string | null,
): StoredValueParse<K> {
  if (raw === null) return { kind: "absent" };
  const definition = localStorageKeys[key];
  let decoded: unknown = raw;
  if (definition.encoding === "json") {
    try {
      decoded = JSON.parse(raw);
    } catch (e) {
      return { kind: "corrupt", reason: "unparsable-json", detail: String(e) };
    }
  }
  const result = definition.schema.safeParse(decoded);
  if (!result.success) {
    return { kind: "corrupt", reason: "schema-mismatch", detail: result.error.message };
  }
  return { kind: "value", value: result.data as LocalStorageValue<K> };
}

/** Encode `value` for `key` as the string kept in storage. */
export function encodeStoredValue<K extends LocalStorageKey>(
  key: K,
  value: LocalStorageValue<K>,
): string {
  // Text keys hold strings (their schemas are string schemas).
  return localStorageKeys[key].encoding === "text" && typeof value === "string"
    ? value
    : JSON.stringify(value);
}

/** Something that went wrong with storage; reported, never thrown at the caller. */
export type StorageProblem =
  | { kind: "corrupt"; key: LocalStorageKey; reason: CorruptReason; detail: string }
  | { kind: "write-failed"; key: LocalStorageKey; detail: string }
  | { kind: "unavailable"; detail: string };

export interface LocalStore {
  /** The valid value kept under `key`, or `undefined` when absent or corrupt. */
  get<K extends LocalStorageKey>(key: K): LocalStorageValue<K> | undefined;
  /** Keep `value` under `key`; returns false (and reports why) if the browser refused. */
  set<K extends LocalStorageKey>(key: K, value: LocalStorageValue<K>): boolean;
  remove(key: LocalStorageKey): void;
}

/**
 * A typed store over a `Storage`. `getStorage` is called on every access, so
 * the store can be created before the storage exists (tests, workers) and a
 * browser that forbids storage (a `SecurityError` on access) only yields
 * absent values.
 */
export function createLocalStore(
  getStorage: () => Storage | undefined,
  onProblem: (problem: StorageProblem) => void,
): LocalStore {
  // A corrupt value is read again on every `get`; report each one only once
  // so that a render loop cannot flood the log.
  const reportedCorruptValues = new Set<string>();

  const storage = (): Storage | undefined => {
    try {
      return getStorage();
    } catch (e) {
      onProblem({ kind: "unavailable", detail: String(e) });
      return undefined;
    }
  };

  return {
    get(key) {
      const raw = storage()?.getItem(key) ?? null;
      const parsed = parseStoredValue(key, raw);
      switch (parsed.kind) {
        case "absent":
          return undefined;
        case "value":
          return parsed.value;
        case "corrupt": {
          const seen = `${key}\u0000${raw ?? ""}`;
          if (!reportedCorruptValues.has(seen)) {
            reportedCorruptValues.add(seen);
            onProblem({ kind: "corrupt", key, reason: parsed.reason, detail: parsed.detail });
          }
          return undefined;
        }
      }
    },
    set(key, value) {
      const target = storage();
      if (!target) return false;
      try {
        target.setItem(key, encodeStoredValue(key, value));
        return true;
      } catch (e) {
        // Typically a QuotaExceededError.
        onProblem({ kind: "write-failed", key, detail: String(e) });
        return false;
      }
    },
    remove(key) {
      storage()?.removeItem(key);
    },
  };
}

/** The browser's `localStorage`, or undefined where there is none (Node, workers). */
export const browserLocalStorage = (): Storage | undefined =>
  typeof localStorage === "undefined" ? undefined : localStorage;
