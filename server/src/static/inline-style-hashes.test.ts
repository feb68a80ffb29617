import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineStyleHashes } from "./inline-style-hashes";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineStyleHashes", () => {
  it.each<[string, string, string[]]>([
    ["no style", "<!doctype html><title>x</title>", []],
    [
      "one style, as written",
      "<style>html{background:#0c0d0f}</style>",
      [sha256("html{background:#0c0d0f}")],
    ],
    [
      "attributes, upper case and white space kept",
      '<STYLE media="screen">\n  body { color: red }\n</STYLE >',
      [sha256("\n  body { color: red }\n")],
    ],
    ["two styles", "<style>a{}</style><p><style>b{}</style>", [sha256("a{}"), sha256("b{}")]],
    [
      "non-ASCII text, hashed as UTF-8",
      "<style>q::before{content:'é'}</style>",
      [sha256("q::before{content:'é'}")],
    ],
    ["a stylesheet link is not inline", '<link rel="stylesheet" href="/a.css">', []],
  ])("%s", (_case, html, hashes) => {
    expect(inlineStyleHashes(html)).toEqual(hashes);
  });
});
