import { describe, expect, it } from "vitest";
import { serializeQuery } from "./query";
import { boolFromString, intFromString } from "./wire-values";

describe("serializeQuery", () => {
  it.each([
    [undefined, ""],
    [{}, ""],
    [{ a: undefined, b: null }, ""],
    [{ sinceTime: 0 }, "?sinceTime=0"],
    [{ keepFiles: false, collectionID: 5 }, "?keepFiles=false&collectionID=5"],
    [{ q: "a b&c" }, "?q=a+b%26c"],
    [{ id: [1, 2] }, "?id=1&id=2"],
  ])("%j → %j", (values, text) => {
    expect(serializeQuery(values)).toBe(text);
  });

  it("round-trips through the wire schemas", () => {
    const text = serializeQuery({ count: 50, keep: true });
    const search = new URLSearchParams(text);
    expect(intFromString().parse(search.get("count"))).toBe(50);
    expect(boolFromString().parse(search.get("keep"))).toBe(true);
  });
});
