import { describe, expect, it } from "vitest";
import {
  type ExportArguments,
  type ExportCommandLine,
  ExportUsageError,
  parseExportArguments,
} from "./export-arguments";

const localApi = "http://localhost:8080";
const parse = (argv: string[]): ExportCommandLine => parseExportArguments(argv, () => localApi);

const exportOf = (change: Partial<ExportArguments>): ExportCommandLine => ({
  kind: "export",
  arguments: {
    folder: "/backup",
    continuous: false,
    email: undefined,
    apiOrigin: localApi,
    resync: false,
    keepEachFileOnce: false,
    ...change,
  },
});

describe("parseExportArguments", () => {
  it.each<[string[], ExportCommandLine]>([
    [["--folder", "/backup"], exportOf({})],
    [["--folder=/backup"], exportOf({})],
    [["--folder", "backups/photos"], exportOf({ folder: "backups/photos" })],
    [["--folder", "/backup", "--continuous"], exportOf({ continuous: true })],
    [["--folder", "/backup", "--email", "ann@example.org"], exportOf({ email: "ann@example.org" })],
    [
      ["--folder", "/backup", "--api", "https://photos.example.org/api/"],
      exportOf({ apiOrigin: "https://photos.example.org/api" }),
    ],
    [
      ["--folder", "/backup", "--api", "http://192.168.1.5:8080"],
      exportOf({ apiOrigin: "http://192.168.1.5:8080" }),
    ],
    [
      ["--resync", "--keep-each-file-once", "--folder", "/backup"],
      exportOf({ resync: true, keepEachFileOnce: true }),
    ],
    [["--help"], { kind: "help" }],
    [["-h"], { kind: "help" }],
    [["--folder", "/backup", "--help"], { kind: "help" }],
  ])("reads %j", (argv, commandLine) => {
    expect(parse(argv)).toEqual(commandLine);
  });

  it.each([
    [[], "--folder DIR is required"],
    [["--continuous"], "--folder DIR is required"],
    [["--folder", "  "], "--folder DIR is required"],
    [["--folder"], "argument missing"],
    [["--folder", "/backup", "--bogus"], "Unknown option '--bogus'"],
    [["--folder", "/backup", "extra"], "Unexpected argument 'extra'"],
    [
      ["--folder", "/backup", "--api", "localhost:8080"],
      "--api: must be an http:// or https:// URL",
    ],
    [
      ["--folder", "/backup", "--api", "ftp://example.org"],
      "--api: must be an http:// or https://",
    ],
    [["--folder", "/backup", "--api", "not a url"], '(got "not a url")'],
    [["--folder", "/backup", "--email", "ann"], '--email: must be an email address (got "ann")'],
  ])("refuses %j", (argv, message) => {
    const parsing = () => parse(argv);
    expect(parsing).toThrow(ExportUsageError);
    expect(parsing).toThrow(message);
  });

  it("asks for the default API origin only without --api", () => {
    const defaultApiOrigin = () => {
      throw new ExportUsageError("CAIRN_API_PORT: must be a port");
    };
    expect(
      parseExportArguments(["--folder", "/b", "--api", "http://h:1"], defaultApiOrigin),
    ).toEqual(exportOf({ folder: "/b", apiOrigin: "http://h:1" }));
    expect(() => parseExportArguments(["--folder", "/b"], defaultApiOrigin)).toThrow(
      "CAIRN_API_PORT",
    );
  });
});
