import { describe, expect, it } from "vitest";
import { ExportRecordTooNewError, ExportRecordUnreadableError } from "./record-errors";
import {
  exportRecordV0Schema,
  exportRecordV2Schema,
  exportRecordVersionOf,
} from "./record-versions";

describe("exportRecordVersionOf", () => {
  it.each([
    [{}, 0],
    [{ version: null }, 0],
    [{ version: 0 }, 0],
    [{ version: 2, exportedFiles: [] }, 2],
    [{ version: 4 }, 4],
    [{ version: 5 }, 5],
  ])("reads %j as version %i", (parsed, version) => {
    expect(exportRecordVersionOf(parsed)).toBe(version);
  });

  it.each([
    ["a string", "export"],
    ["null", null],
    ["a list", [{ version: 3 }]],
    ["a version in a string", { version: "3" }],
    ["a fractional version", { version: 2.5 }],
    ["a negative version", { version: -1 }],
  ])("refuses %s as unreadable", (_, parsed) => {
    expect(() => exportRecordVersionOf(parsed)).toThrow(ExportRecordUnreadableError);
  });

  it.each([6, 12])("refuses version %i as too new, saying which", (version) => {
    let thrown: unknown;
    try {
      exportRecordVersionOf({ version });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ExportRecordTooNewError);
    expect(thrown).toMatchObject({ name: "ExportRecordTooNewError", version });
  });
});

describe("the schemas of old versions", () => {
  it("keep fields they do not know", () => {
    expect(
      exportRecordV0Schema.parse({ exportedFiles: ["1_2_3"], theirs: { a: 1 } }),
    ).toMatchObject({
      exportedFiles: ["1_2_3"],
      theirs: { a: 1 },
    });
  });

  it.each([
    ["a list that is not one", { version: 2, exportedFiles: "1_2_3" }, undefined],
    ["items that are not keys", { version: 2, exportedFiles: ["1_2_3", 7, null] }, ["1_2_3"]],
  ])("read %s leniently", (_, parsed, exportedFiles) => {
    expect(exportRecordV2Schema.parse(parsed).exportedFiles).toEqual(exportedFiles);
  });

  it("leave out folder paths that are not strings", () => {
    expect(
      exportRecordV2Schema.parse({
        version: 2,
        exportedCollectionPaths: { "1": "/a/Trip", "2": 5 },
      }).exportedCollectionPaths,
    ).toEqual({ "1": "/a/Trip" });
  });
});
