import { describe, expect, it } from "vitest";
import type { LocalStorageKey } from "./local-storage-keys";
import { createLocalStore, parseStoredValue, type StorageProblem } from "./typed-storage";

/** A `Storage` backed by a map, as the browser's behaves. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe("parseStoredValue", () => {
  const cases: {
    key: LocalStorageKey;
    raw: string | null;
    expected: "absent" | "value" | "unparsable-json" | "schema-mismatch";
    value?: unknown;
  }[] = [
    { key: "user", raw: null, expected: "absent" },
    {
      key: "user",
      raw: '{"id":1,"email":"a@b.c","token":"t"}',
      expected: "value",
      value: { id: 1, email: "a@b.c", token: "t" },
    },
    { key: "user", raw: '{"id":1,"email":"a@b.c"}', expected: "value" },
    // Fields a later issue adds are kept, not stripped.
    {
      key: "user",
      raw: '{"id":1,"email":"a@b.c","isTwoFactorEnabled":true}',
      expected: "value",
      value: { id: 1, email: "a@b.c", isTwoFactorEnabled: true },
    },
    { key: "user", raw: '{"id":"1","email":"a@b.c"}', expected: "schema-mismatch" },
    { key: "user", raw: '{"id":1.5,"email":"a@b.c"}', expected: "schema-mismatch" },
    { key: "user", raw: '{"id":1,"email":"a@b.c","token":""}', expected: "schema-mismatch" },
    { key: "user", raw: "{not json", expected: "unparsable-json" },
    { key: "theme", raw: "dark", expected: "value", value: "dark" },
    { key: "theme", raw: "light", expected: "value", value: "light" },
    { key: "theme", raw: '"dark"', expected: "schema-mismatch" },
    { key: "theme", raw: "sepia", expected: "schema-mismatch" },
    { key: "locale", raw: "fr", expected: "value", value: "fr" },
    { key: "locale", raw: "", expected: "schema-mismatch" },
    {
      key: "apiEndpoint",
      raw: "http://localhost:8080",
      expected: "value",
      value: "http://localhost:8080",
    },
    { key: "apiEndpoint", raw: "localhost:8080", expected: "schema-mismatch" },
    { key: "apiEndpoint", raw: "javascript:alert(1)", expected: "schema-mismatch" },
    { key: "collectionSortBy", raw: '"name"', expected: "value", value: "name" },
    { key: "collectionSortBy", raw: '"updation-time-desc"', expected: "value" },
    { key: "collectionSortBy", raw: "2", expected: "schema-mismatch" },
    { key: "mapEnabled", raw: "true", expected: "value", value: true },
    { key: "mapEnabled", raw: '"true"', expected: "schema-mismatch" },
    { key: "isFirstLogin", raw: "false", expected: "value", value: false },
    {
      key: "logs",
      raw: '[{"timestampMs":1,"text":"x"}]',
      expected: "value",
      value: [{ timestampMs: 1, text: "x" }],
    },
    { key: "logs", raw: '[{"timestamp":1,"logLine":"x"}]', expected: "schema-mismatch" },
    { key: "session", raw: '{"a":1}', expected: "value" },
    { key: "session", raw: "[]", expected: "schema-mismatch" },
    {
      key: "familyData",
      raw: '{"members":[{"id":"u","email":"a@b.c","usage":3,"isAdmin":true}],"storage":1}',
      expected: "value",
    },
    { key: "familyData", raw: '{"members":[{"id":"u"}]}', expected: "schema-mismatch" },
    { key: "keyAttributes", raw: '{"kekSalt":"s"}', expected: "schema-mismatch" },
  ];

  it.each(cases)("$key = $raw → $expected", ({ key, raw, expected, value }) => {
    const parsed = parseStoredValue(key, raw);
    if (expected === "absent" || expected === "value") {
      expect(parsed.kind).toBe(expected);
    } else {
      expect(parsed).toMatchObject({ kind: "corrupt", reason: expected });
    }
    if (value !== undefined) expect(parsed).toEqual({ kind: "value", value });
  });
});

describe("createLocalStore", () => {
  const setup = (initial: Record<string, string> = {}) => {
    const storage = memoryStorage(initial);
    const problems: StorageProblem[] = [];
    const store = createLocalStore(
      () => storage,
      (p) => problems.push(p),
    );
    return { storage, problems, store };
  };

  it("round-trips values in their encoding", () => {
    const { storage, store } = setup();
    store.set("theme", "light");
    store.set("user", { id: 7, email: "x@y.z", token: "tok" });
    store.set("collectionSortBy", "creation-time-asc");
    expect(storage.getItem("theme")).toBe("light");
    expect(storage.getItem("collectionSortBy")).toBe('"creation-time-asc"');
    expect(store.get("theme")).toBe("light");
    expect(store.get("user")).toEqual({ id: 7, email: "x@y.z", token: "tok" });
    store.remove("theme");
    expect(store.get("theme")).toBeUndefined();
  });

  it("treats a corrupt value as absent and reports it once", () => {
    const { problems, store } = setup({ user: "{oops", theme: "blue" });
    expect(store.get("user")).toBeUndefined();
    expect(store.get("user")).toBeUndefined();
    expect(store.get("theme")).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({ kind: "corrupt", key: "user", reason: "unparsable-json" }),
      expect.objectContaining({ kind: "corrupt", key: "theme", reason: "schema-mismatch" }),
    ]);
  });

  it("reports a refused write instead of throwing", () => {
    const problems: StorageProblem[] = [];
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    const store = createLocalStore(
      () => full,
      (p) => problems.push(p),
    );
    expect(store.set("theme", "dark")).toBe(false);
    expect(problems).toEqual([expect.objectContaining({ kind: "write-failed", key: "theme" })]);
  });

  it("yields absent values when storage access is forbidden", () => {
    const problems: StorageProblem[] = [];
    const store = createLocalStore(
      () => {
        throw new DOMException("denied", "SecurityError");
      },
      (p) => problems.push(p),
    );
    expect(store.get("theme")).toBeUndefined();
    expect(store.set("theme", "dark")).toBe(false);
    expect(problems[0]?.kind).toBe("unavailable");
  });
});
