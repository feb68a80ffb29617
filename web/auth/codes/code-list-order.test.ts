import { describe, expect, it } from "vitest";
import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";
import { codeTags, movedOrder, shownCodes, trashedCodes } from "./code-list-order";

const code = (id: string, fields: Partial<AuthCodeSummary> = {}): AuthCodeSummary => ({
  id,
  kind: "totp",
  issuer: id,
  account: "",
  note: "",
  tags: [],
  pinned: false,
  trashed: false,
  position: undefined,
  lastUsedAtMs: undefined,
  algorithm: "sha1",
  digits: 6,
  periodSeconds: 30,
  pending: false,
  ...fields,
});

const ids = (codes: readonly AuthCodeSummary[]) => codes.map(({ id }) => id);
const all = { search: "", tag: undefined, sort: "issuer" } as const;

describe("the codes the list shows", () => {
  const codes = [
    code("GitHub", { account: "ana@example.com", tags: ["Work"] }),
    code("Société Générale", { account: "ana", tags: ["Bank"], lastUsedAtMs: 5 }),
    code("amazon", { account: "bob@example.com", lastUsedAtMs: 9 }),
    code("Proton", { account: "zoe", pinned: true, tags: ["Work"] }),
    code("Old", { trashed: true, tags: ["Gone"] }),
  ];

  it("puts pinned codes first, then sorts by issuer as people read, not by code point", () => {
    expect(ids(shownCodes(codes, all, "en-US"))).toEqual([
      "Proton",
      "amazon",
      "GitHub",
      "Société Générale",
    ]);
  });

  it("sorts by account, by recent use (never used last), and keeps the manual order", () => {
    expect(ids(shownCodes(codes, { ...all, sort: "account" }, "en-US"))).toEqual([
      "Proton",
      "Société Générale",
      "GitHub",
      "amazon",
    ]);
    expect(ids(shownCodes(codes, { ...all, sort: "recently-used" }, "en-US"))).toEqual([
      "Proton",
      "amazon",
      "Société Générale",
      "GitHub",
    ]);
    const arranged = [
      code("b", { position: 1 }),
      code("new"),
      code("a", { position: 0 }),
      code("newer"),
    ];
    expect(ids(shownCodes(arranged, { ...all, sort: "manual" }, "en-US"))).toEqual([
      "a",
      "b",
      "new",
      "newer",
    ]);
  });

  it("finds by issuer, account, tag or note, forgiving case and accents, every word", () => {
    const found = (search: string) => ids(shownCodes(codes, { ...all, search }, "en-US"));
    expect(found("SOCIETE")).toEqual(["Société Générale"]);
    expect(found("example.com")).toEqual(["amazon", "GitHub"]);
    expect(found("work ana")).toEqual(["GitHub"]);
    expect(found("old")).toEqual([]);
  });

  it("filters by a tag, and lists the tags of the codes not deleted", () => {
    expect(ids(shownCodes(codes, { ...all, tag: "Work" }, "en-US"))).toEqual(["Proton", "GitHub"]);
    expect(codeTags(codes, "en-US")).toEqual(["Bank", "Work"]);
  });

  it("keeps deleted codes for Recently deleted only", () => {
    expect(ids(trashedCodes(codes, "en-US"))).toEqual(["Old"]);
  });
});

describe("moving a code in the manual order", () => {
  const shown = [code("a"), code("b"), code("c")];
  it("moves up and down within the list's bounds", () => {
    expect(movedOrder(shown, "c", -1)).toEqual(["a", "c", "b"]);
    expect(movedOrder(shown, "a", -1)).toEqual(["a", "b", "c"]);
    expect(movedOrder(shown, "a", 5)).toEqual(["b", "c", "a"]);
  });
});
