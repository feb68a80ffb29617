import { describe, expect, it } from "vitest";
import { type SearchQuery, decodeSearchQuery, encodeSearchQuery } from "./search-query";

describe("a search in the address", () => {
  it.each<[SearchQuery, string]>([
    [{ kind: "words", text: "beach party" }, "words:beach party"],
    [{ kind: "name", text: "IMG_2019" }, "name:IMG_2019"],
    [{ kind: "caption", text: "Crème: brûlée" }, "caption:Crème: brûlée"],
    [{ kind: "semantic", text: "a dog on a boat" }, "semantic:a dog on a boat"],
    [{ kind: "date", date: { year: 2019, month: 7, day: undefined } }, "date:2019-07-"],
    [{ kind: "date", date: { year: undefined, month: 12, day: 24 } }, "date:-12-24"],
    [{ kind: "date", date: { year: 2019, month: undefined, day: undefined } }, "date:2019--"],
    [{ kind: "file-kind", fileKind: "live-photo" }, "type:live-photo"],
    [{ kind: "place", countryCode: "FR", cityID: undefined }, "place:FR"],
    [{ kind: "place", countryCode: "FR", cityID: 2988507 }, "place:FR/2988507"],
    [{ kind: "thing", label: "teddy bear" }, "thing:teddy bear"],
    [{ kind: "camera", name: "Canon EOS 5D Mark II" }, "camera:Canon EOS 5D Mark II"],
    [{ kind: "camera", name: "Olympus E-M10: Mark II" }, "camera:Olympus E-M10: Mark II"],
  ])("%j reads %s and back", (query, encoded) => {
    expect(encodeSearchQuery(query)).toBe(encoded);
    expect(decodeSearchQuery(encoded)).toEqual(query);
  });

  it.each([
    null,
    "",
    "beach",
    "words:",
    "words:   ",
    `words:${"x".repeat(201)}`,
    "date:--",
    "date:--24",
    "date:2019-13-",
    "date:2019-02-32",
    "date:20x9--",
    "type:document",
    "place:fr",
    "place:FR/abc",
    "thing:Dog",
    "thing:unicorn",
    "thing:<script>",
    "camera:",
    "camera:   ",
    `camera:${"x".repeat(201)}`,
    "unknown:thing",
  ])("%s is no search", (raw) => {
    expect(decodeSearchQuery(raw)).toBeUndefined();
  });

  it("reads a camera's name trimmed", () => {
    expect(decodeSearchQuery("camera:  Apple iPhone 12 ")).toEqual({
      kind: "camera",
      name: "Apple iPhone 12",
    });
  });
});
