import { describe, expect, it } from "vitest";
import {
  type SearchQuery,
  decodeSearchQuery,
  encodeSearchQuery,
  isInMapArea,
} from "./search-query";

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
    [
      {
        kind: "area",
        area: { south: 48.8, west: 2.25, north: 48.9, east: 2.42 },
        collectionID: undefined,
      },
      "area:48.8,2.25,48.9,2.42",
    ],
    [
      { kind: "area", area: { south: -20, west: 170, north: -10, east: -170 }, collectionID: 42 },
      "area:-20,170,-10,-170@42",
    ],
    [{ kind: "person", personID: "cgroup_2xBfV7k0aQ9" }, "person:cgroup_2xBfV7k0aQ9"],
    [
      { kind: "person", personID: "cluster-1234_10250_20000_30500_45000" },
      "person:cluster-1234_10250_20000_30500_45000",
    ],
    [
      { kind: "location-tag", tagID: "location_3kF9wQm2ZpL0aB7cD1eR5t" },
      "tag:location_3kF9wQm2ZpL0aB7cD1eR5t",
    ],
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
    "area:1,2,3",
    "area:1,2,3,4,5",
    "area:10,0,5,1",
    "area:91,0,92,1",
    "area:0,-181,1,0",
    "area:a,b,c,d",
    "area:0,0,1,1@x",
    "person:",
    "person:a b",
    "person:<script>",
    `person:${"x".repeat(129)}`,
    "tag:",
    "tag:a b",
    "tag:location_a/b",
    `tag:${"x".repeat(129)}`,
  ])("%s is no search", (raw) => {
    expect(decodeSearchQuery(raw)).toBeUndefined();
  });

  it("keeps an area's corners to 6 decimals", () => {
    const query: SearchQuery = {
      kind: "area",
      area: { south: 1.123456789, west: 2, north: 3, east: 4 },
    };
    expect(encodeSearchQuery(query)).toBe("area:1.123457,2,3,4");
  });

  it("finds a place inside an area, across the antimeridian too", () => {
    expect(isInMapArea({ south: 0, west: 10, north: 10, east: 20 }, 5, 15)).toBe(true);
    expect(isInMapArea({ south: 0, west: 10, north: 10, east: 20 }, 5, 25)).toBe(false);
    expect(isInMapArea({ south: 0, west: 10, north: 10, east: 20 }, 11, 15)).toBe(false);
    const fiji = { south: -20, west: 170, north: -10, east: -170 };
    expect(isInMapArea(fiji, -17, 178)).toBe(true);
    expect(isInMapArea(fiji, -17, -179)).toBe(true);
    expect(isInMapArea(fiji, -17, 0)).toBe(false);
  });

  it("reads a camera's name trimmed", () => {
    expect(decodeSearchQuery("camera:  Apple iPhone 12 ")).toEqual({
      kind: "camera",
      name: "Apple iPhone 12",
    });
  });
});
