import { describe, expect, it } from "vitest";
import { searchWithView, viewIDFromSearch } from "./gallery-url";

describe("the open view in the URL", () => {
  it.each([
    ["", 0],
    ["collection=12", 12],
    ["collection=-2", -2],
    ["collection=-4", -4],
    ["collection=abc", 0],
    ["collection=1.5", 0],
    ["collection=", 0],
    ["collection=99999999999999999999", 0],
    // Collection IDs of the server start at 1580559962386438 (16 digits).
    ["collection=1580559962386441", 1580559962386441],
    ["collection=9007199254740992", 0],
  ])("?%s opens view %d", (search, viewID) => {
    expect(viewIDFromSearch(new URLSearchParams(search))).toBe(viewID);
  });

  it.each([
    [0, "", "other=1"],
    [12, "collection=12", "other=1&collection=12"],
    [-2, "collection=-2", "other=1&collection=-2"],
  ])("view %d is written as ?%s", (viewID, alone, withOther) => {
    expect(searchWithView(new URLSearchParams("collection=5"), viewID).toString()).toBe(alone);
    expect(searchWithView(new URLSearchParams("other=1"), viewID).toString()).toBe(withOther);
  });
});
