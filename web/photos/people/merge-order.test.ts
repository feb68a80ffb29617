import { describe, expect, it } from "vitest";
import { mergeOrder } from "./merge-order";

describe("which person survives a merge", () => {
  it.each([
    { open: "Anna", picked: "Bob", into: "picked" },
    { open: undefined, picked: "Bob", into: "picked" },
    { open: undefined, picked: undefined, into: "picked" },
    { open: "Anna", picked: undefined, into: "open" },
  ])("open $open, picked $picked: into the $into one", ({ open, picked, into }) => {
    const order = mergeOrder({ personID: "o", name: open }, { personID: "p", name: picked });
    expect(order).toEqual(
      into === "open" ? { intoID: "o", mergedID: "p" } : { intoID: "p", mergedID: "o" },
    );
  });
});
