import { describe, expect, it } from "vitest";
import { fillPath, pathParamNames } from "./path";

describe("paths", () => {
  it.each([
    ["/ping", []],
    ["/files/download/:fileID", ["fileID"]],
    ["/collections/v3/:id/files/:fileID", ["id", "fileID"]],
  ])("finds the params of %s", (path, names) => {
    expect(pathParamNames(path)).toEqual(names);
  });

  it("fills and encodes params", () => {
    expect(fillPath("/a/:x/b/:y", { x: 12, y: "é /?" })).toBe("/a/12/b/%C3%A9%20%2F%3F");
  });

  it("refuses a missing param", () => {
    expect(() => fillPath("/a/:x", {})).toThrow(/Missing path parameter "x"/);
  });
});
