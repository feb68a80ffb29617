import { describe, expect, it } from "vitest";
import { SyncStoppedError } from "./sync-errors";
import { LibraryChangeWaits } from "./library-export";

describe("the export's waits for the library's next change", () => {
  it("end once the version moved and no sync is storing pages: one event per pull", async () => {
    let point = { version: 3, syncing: false };
    const waits = new LibraryChangeWaits(() => point);
    const answers: number[] = [];
    void waits.wait(3).then((version) => answers.push(version));
    await Promise.resolve();
    expect(answers).toEqual([]);

    // A pull stores pages: no event until it is done.
    point = { version: 4, syncing: true };
    waits.check();
    point = { version: 9, syncing: true };
    waits.check();
    await Promise.resolve();
    expect(answers).toEqual([]);

    point = { version: 9, syncing: false };
    waits.check();
    await Promise.resolve();
    expect(answers).toEqual([9]);
  });

  it("answers at once a wait from before the last change, and -1 with the version now", async () => {
    const waits = new LibraryChangeWaits(() => ({ version: 5, syncing: false }));
    expect(await waits.wait(-1)).toBe(5);
    expect(await waits.wait(2)).toBe(5);
  });

  it("waits while the library is not loaded, and rejects every wait once it closed (logout)", async () => {
    const waits = new LibraryChangeWaits(() => undefined);
    const waiting = waits.wait(0);
    waits.check();
    waits.close();
    await expect(waiting).rejects.toBeInstanceOf(SyncStoppedError);
    await expect(waits.wait(0)).rejects.toBeInstanceOf(SyncStoppedError);
  });
});
