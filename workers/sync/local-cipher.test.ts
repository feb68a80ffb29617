import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../shared/crypto";
import { createLocalCipher } from "./local-cipher";
import { inProcessCryptoPool } from "./test-support/sync-store";

const pool = inProcessCryptoPool();

/** A value about as large as a full chunk of file records (~1 MB of JSON). */
const chunkSizedValue = (seed: number) => ({
  seed,
  files: Array.from({ length: 2000 }, (_, index) => ({
    id: seed * 10_000 + index,
    title: `IMG_${String(index).padStart(4, "0")}.jpg`,
    note: "x".repeat(400),
  })),
});

describe("createLocalCipher", () => {
  it("opens what it sealed, and a damaged row alone fails", async () => {
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const sealed = await cipher.seal([{ name: "Lisbon" }, [1, 2, 3]]);
    const damaged = sealed[1];
    if (damaged === undefined) throw new Error("nothing sealed");
    damaged.encryptedData[0] = (damaged.encryptedData[0] ?? 0) ^ 1;
    const opened = await cipher.open(sealed);
    expect(opened[0]).toEqual({ ok: true, value: { name: "Lisbon" } });
    expect(opened[1]?.ok).toBe(false);
  });

  it("keeps every character of values sealed one after another, large then small", async () => {
    // See: [Note: Sealed JSON is encoded through one reused buffer]
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const values = [
      chunkSizedValue(1),
      { caption: "Grandma's 90th 🎂", place: "Reykjavík", title: "京都の夜" },
      { title: "A" },
    ];
    const sealed = [];
    for (const value of values) sealed.push(...(await cipher.seal([value])));
    const opened = await cipher.open(sealed);
    expect(opened).toEqual(values.map((value) => ({ ok: true, value })));
  });

  it("lets other tasks of the worker run while it parses a large library", async () => {
    // See: [Note: Opening sealed rows gives the event loop a turn]
    const cipher = createLocalCipher(pool, await generateKeyB64());
    const sealed = await cipher.seal(
      Array.from({ length: 30 }, (_, seed) => chunkSizedValue(seed)),
    );

    const turns: number[] = [];
    let parsedRows = 0;
    const opening = cipher.open(sealed).then((opened) => {
      parsedRows = opened.length;
      return opened;
    });
    // A task that keeps coming back (as a page's call or a stop request
    // would arrive): it must get turns before the opening ends.
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      turns.push(parsedRows);
      if (parsedRows === 0) port2.postMessage(null);
    };
    port2.postMessage(null);
    const opened = await opening;
    port1.close();

    expect(opened.every((row) => row.ok)).toBe(true);
    expect(turns.filter((rowsAtTurn) => rowsAtTurn === 0).length).toBeGreaterThan(2);
  });
});
