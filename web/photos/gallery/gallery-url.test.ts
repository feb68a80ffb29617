import { describe, expect, it } from "vitest";
import { fileIDFromSearch, searchWithFile, searchWithView, viewIDFromSearch } from "./gallery-url";

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

describe("the viewer's photo in the URL", () => {
  it.each([
    ["", undefined],
    ["file=10000002", 10000002],
    ["collection=12&file=7", 7],
    ["file=0", undefined],
    ["file=-3", undefined],
    ["file=x", undefined],
    ["file=9007199254740992", undefined],
  ])("?%s shows file %s", (search, fileID) => {
    expect(fileIDFromSearch(new URLSearchParams(search))).toBe(fileID);
  });

  it("is written beside the view, and taken out when the viewer closes", () => {
    const withFile = searchWithFile(new URLSearchParams("collection=12"), 7);
    expect(withFile.toString()).toBe("collection=12&file=7");
    expect(searchWithFile(withFile, undefined).toString()).toBe("collection=12");
  });
});
