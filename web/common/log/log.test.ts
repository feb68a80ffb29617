import { describe, expect, it, vi } from "vitest";
import type { LogEntry } from "../storage/local-storage-keys";
import { createLocalStore } from "../storage/typed-storage";
import { createLogger } from "./log";
import { appendLogEntry, formatLogLine, maxLogEntries } from "./log-entries";

const entry = (n: number): LogEntry => ({ timestampMs: n, text: `line ${n}` });
const entries = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

describe("appendLogEntry", () => {
  it.each([
    { name: "empty log", before: [], cap: 3, after: [entry(1)], add: 1 },
    { name: "below the cap", before: entries(1, 2), cap: 3, after: entries(1, 3), add: 3 },
    { name: "at the cap", before: entries(1, 3), cap: 3, after: entries(2, 4), add: 4 },
    // A log written under a larger cap shrinks to the current one.
    { name: "above the cap", before: entries(1, 10), cap: 3, after: entries(9, 11), add: 11 },
    { name: "cap of one", before: entries(1, 2), cap: 1, after: [entry(3)], add: 3 },
  ])("$name", ({ before, cap, after, add }) => {
    expect(appendLogEntry(before, entry(add), cap)).toEqual(after);
  });

  it("keeps the last 1000 entries by default (spec §9)", () => {
    const full = entries(1, maxLogEntries);
    const next = appendLogEntry(full, entry(1001));
    expect(maxLogEntries).toBe(1000);
    expect(next).toHaveLength(1000);
    expect(next[0]).toEqual(entry(2));
    expect(next.at(-1)).toEqual(entry(1001));
  });
});

describe("formatLogLine", () => {
  it("prefixes the level and joins the arguments", () => {
    expect(formatLogLine("warn", ["sync", { page: 2 }, 3])).toBe('[warn] sync {"page":2} 3');
  });

  it("includes an error's name, message and stack", () => {
    const error = new TypeError("bad thing");
    const line = formatLogLine("error", ["failed:", error]);
    expect(line).toContain("[error] failed: TypeError: bad thing");
    expect(line).toContain("log.test.ts");
  });

  it("survives values JSON cannot encode", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(formatLogLine("info", [cyclic, 1n, undefined])).toBe(
      "[info] [object Object] 1 undefined",
    );
  });
});

describe("createLogger", () => {
  const setup = (cap?: number) => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    } as unknown as Storage;
    const store = createLocalStore(
      () => storage,
      () => undefined,
    );
    let now = 1_700_000_000_000;
    const devConsole = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const logger = createLogger({ store, nowMs: () => now++, console: devConsole, cap });
    return { items, store, logger, devConsole };
  };

  it("keeps timestamped lines in local storage and echoes them to the console", () => {
    const { store, logger, devConsole } = setup();
    logger.info("hello", 1);
    logger.error(new Error("boom"));
    const logs = store.get("logs");
    expect(logs?.map((e) => e.timestampMs)).toEqual([1_700_000_000_000, 1_700_000_000_001]);
    expect(logs?.[0]?.text).toBe("[info] hello 1");
    expect(logs?.[1]?.text).toContain("[error] Error: boom");
    expect(devConsole.info).toHaveBeenCalledWith("hello", 1);
    expect(devConsole.error).toHaveBeenCalledTimes(1);
  });

  it("never holds more than the cap", () => {
    const { store, logger } = setup(5);
    for (let i = 0; i < 12; i++) logger.warn(`n${i}`);
    expect(store.get("logs")?.map((e) => e.text)).toEqual(
      ["n7", "n8", "n9", "n10", "n11"].map((t) => `[warn] ${t}`),
    );
  });

  it("starts a fresh log when the stored one is corrupt", () => {
    const { items, store, logger } = setup();
    items.set("logs", "[{broken");
    logger.info("after");
    expect(store.get("logs")?.map((e) => e.text)).toEqual(["[info] after"]);
  });
});
