import { describe, expect, it } from "vitest";
import type { AuthenticatorSyncState, PendingChange } from "./authenticator-state";
import {
  type PulledVersion,
  serverClockUsOf,
  settledChange,
  withPulledVersions,
} from "./edit-merge";

// Device times (ms) and server versions (µs) on one clock unless an offset says otherwise.
const baseUs = 1_000_000_000;
const update: PendingChange = {
  kind: "update",
  id: "s1",
  plaintext: "mine",
  editedAtMs: 2_000_000,
  baseUpdatedAtUs: baseUs,
};
const remove: PendingChange = {
  kind: "remove",
  id: "s1",
  editedAtMs: 2_000_000,
  baseUpdatedAtUs: baseUs,
};
const editUs = 2_000_000_000;
const live = (updatedAtUs: number): PulledVersion => ({
  id: "s1",
  updatedAtUs,
  content: { kind: "live", plaintext: "theirs" },
});
const deleted = (updatedAtUs: number): PulledVersion => ({
  id: "s1",
  updatedAtUs,
  content: { kind: "deleted" },
});

describe("settledChange", () => {
  // See: [Note: Edits from two devices merge by entity]
  it.each<[string, PendingChange, PulledVersion, number, PendingChange | undefined]>([
    ["the version it was made on: kept", update, live(baseUs), 0, update],
    ["an older version: kept", update, live(baseUs - 1), 0, update],
    ["update, server's write later: dropped", update, live(editUs + 1), 0, undefined],
    ["update, a tie: the server's wins", update, live(editUs), 0, undefined],
    [
      "update, edit later: kept on the new version",
      update,
      live(editUs - 1),
      0,
      { ...update, baseUpdatedAtUs: editUs - 1 },
    ],
    [
      "update, edit later only once the server's clock is known to run ahead",
      update,
      live(editUs + 500_000),
      1000,
      { ...update, baseUpdatedAtUs: editUs + 500_000 },
    ],
    [
      "update, server's clock behind: its write counts earlier",
      update,
      live(editUs - 500_000),
      -1000,
      undefined,
    ],
    [
      "update of a code deleted earlier: re-created",
      update,
      deleted(editUs - 1),
      0,
      { kind: "create", id: "s1", plaintext: "mine", editedAtMs: update.editedAtMs },
    ],
    ["update of a code deleted later: dropped", update, deleted(editUs + 1), 0, undefined],
    [
      "remove, server's edit later: dropped, the code stays",
      remove,
      live(editUs + 1),
      0,
      undefined,
    ],
    [
      "remove, edit later: kept",
      remove,
      live(editUs - 1),
      0,
      { ...remove, baseUpdatedAtUs: editUs - 1 },
    ],
    ["remove of a code deleted on the server: dropped", remove, deleted(editUs - 1), 0, undefined],
    ["another code's version: kept", update, { ...live(editUs + 1), id: "s2" }, 0, update],
  ])("%s", (_, change, version, offsetMs, expected) => {
    expect(settledChange(change, version, offsetMs)).toEqual(expected);
  });

  it("moves a device time to the server's clock in µs", () => {
    expect(serverClockUsOf(1_500, 250)).toBe(1_750_000);
  });
});

describe("withPulledVersions", () => {
  const state: AuthenticatorSyncState = {
    syncTimeUs: baseUs,
    entities: new Map([
      ["s1", { updatedAtUs: baseUs, plaintext: "old" }],
      ["s2", { updatedAtUs: baseUs, plaintext: "two" }],
    ]),
    pending: [update, { kind: "create", id: "local-x", plaintext: "new", editedAtMs: 1 }],
    undecryptableIDs: new Set(["s9"]),
  };

  it("replaces, removes and skips entities, settles their changes and moves the sync time", () => {
    const next = withPulledVersions(
      state,
      [
        live(editUs + 1),
        { id: "s2", updatedAtUs: editUs + 2, content: { kind: "deleted" } },
        { id: "s3", updatedAtUs: editUs + 3, content: { kind: "undecryptable" } },
        { id: "s9", updatedAtUs: editUs + 3, content: { kind: "live", plaintext: "nine" } },
      ],
      editUs + 3,
      0,
    );
    expect([...next.entities]).toEqual([
      ["s1", { updatedAtUs: editUs + 1, plaintext: "theirs" }],
      ["s9", { updatedAtUs: editUs + 3, plaintext: "nine" }],
    ]);
    expect(next.pending).toEqual([state.pending[1]]);
    expect([...next.undecryptableIDs]).toEqual(["s3"]);
    expect(next.syncTimeUs).toBe(editUs + 3);
    // The state it was made from is left as it was.
    expect(state.entities.get("s1")?.plaintext).toBe("old");
  });
});
