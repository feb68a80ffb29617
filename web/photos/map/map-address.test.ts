import { describe, expect, it } from "vitest";
import { decodeSearchQuery } from "../../../shared/model/search/search-query";
import { areaPhotosAddress, mapAddressOf, mapPageAddress } from "./map-address";

describe("the map's address", () => {
  it("keeps the album and the place it opens at", () => {
    const address = mapPageAddress({
      collectionID: 12,
      at: { latitude: 48.8584, longitude: 2.2945 },
    });
    expect(address).toBe("/gallery/map?collection=12&at=48.858400%2C2.294500");
    const [, query = ""] = address.split("?");
    expect(mapAddressOf(new URLSearchParams(query))).toEqual({
      collectionID: 12,
      at: { latitude: 48.8584, longitude: 2.2945 },
    });
    expect(mapPageAddress({})).toBe("/gallery/map");
  });

  it.each(["collection=abc&at=1,2,3", "at=91,0", "at=0,181", "at=x,y", "collection=-4"])(
    "ignores what is malformed in %s",
    (raw) => {
      const address = mapAddressOf(new URLSearchParams(raw));
      expect(address.at).toBeUndefined();
      expect(address.collectionID).toBeUndefined();
    },
  );

  it("opens a marker's photos as a search of its area, a hair wider", () => {
    const address = areaPhotosAddress({ south: 10, west: 20, north: 10, east: 20 }, 7);
    const [path, query = ""] = address.split("?");
    expect(path).toBe("/gallery");
    expect(decodeSearchQuery(new URLSearchParams(query).get("search"))).toEqual({
      kind: "area",
      area: { south: 9.99999, west: 19.99999, north: 10.00001, east: 20.00001 },
      collectionID: 7,
    });
  });
});
