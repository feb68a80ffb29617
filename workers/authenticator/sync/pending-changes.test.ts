import { describe, expect, it } from "vitest";
import type { PendingChange } from "./authenticator-state";
import { withLocalChange } from "./pending-changes";

const create = (id: string, plaintext: string, editedAtMs = 1): PendingChange => ({
  kind: "create",
  id,
  plaintext,
  editedAtMs,
});
const update = (
  id: string,
  plaintext: string,
  editedAtMs = 1,
  baseUpdatedAtUs = 100,
): PendingChange => ({
  kind: "update",
  id,
  plaintext,
  editedAtMs,
  baseUpdatedAtUs,
});
const remove = (id: string, editedAtMs = 1, baseUpdatedAtUs = 100): PendingChange => ({
  kind: "remove",
  id,
  editedAtMs,
  baseUpdatedAtUs,
});

describe("withLocalChange", () => {
  // See: [Note: Local changes collapse before they are sent]
  it.each<[string, PendingChange[], PendingChange, PendingChange[]]>([
    ["a first change is queued", [], create("local-a", "A"), [create("local-a", "A")]],
    [
      "create then update: one create with the last plaintext",
      [create("local-a", "A", 1)],
      update("local-a", "A2", 5),
      [create("local-a", "A2", 5)],
    ],
    ["create then remove: nothing", [create("local-a", "A")], remove("local-a"), []],
    [
      "update then update: the last, on the first edit's base",
      [update("s1", "B", 1, 100)],
      update("s1", "B2", 5, 300),
      [update("s1", "B2", 5, 100)],
    ],
    [
      "update then remove: a remove on the same base",
      [update("s1", "B", 1, 100)],
      remove("s1", 5, 300),
      [remove("s1", 5, 100)],
    ],
    ["remove then update: still removed", [remove("s1")], update("s1", "B"), [remove("s1")]],
    [
      "other codes' changes keep their place",
      [create("local-a", "A"), update("s1", "B"), create("local-c", "C")],
      update("local-a", "A2"),
      [create("local-a", "A2"), update("s1", "B"), create("local-c", "C")],
    ],
  ])("%s", (_, queue, change, expected) => {
    expect(withLocalChange(queue, change)).toEqual(expected);
  });

  it("never folds into the change being sent: it queues after it", () => {
    const sending = create("local-a", "A");
    const queue = withLocalChange([sending], update("local-a", "A2"), sending);
    expect(queue).toEqual([sending, update("local-a", "A2")]);
    // The next change folds into the queued one, not into the one being sent.
    expect(withLocalChange(queue, remove("local-a"), sending)).toEqual([
      sending,
      remove("local-a"),
    ]);
  });
});
