import { describe, expect, it } from "vitest";
import { galleryPageOfPath, galleryPagePath, type GalleryPageID } from "./gallery-pages";

describe("the gallery's page addresses", () => {
  it.each<[string, GalleryPageID | undefined]>([
    ["/gallery", "timeline"],
    ["/gallery/", "timeline"],
    ["/gallery/albums", "albums"],
    ["/gallery/albums/", "albums"],
    ["/gallery/sharing", "sharing"],
    ["/gallery/people", "people"],
    ["/gallery/map", "map"],
    ["/gallery/settings", "settings"],
    ["/gallery/nothing", undefined],
    ["/gallery/albums/extra", undefined],
  ])("%s is the %s page", (path, page) => {
    expect(galleryPageOfPath(path)).toBe(page);
  });

  it("gives each page an address that leads back to it", () => {
    for (const page of ["timeline", "albums", "sharing", "people", "map", "settings"] as const) {
      expect(galleryPageOfPath(galleryPagePath(page))).toBe(page);
    }
  });
});
