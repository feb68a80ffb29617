import { describe, expect, it } from "vitest";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import { summaryOf } from "../gallery/test-support/gallery-views";
import {
  existingAlbumNamed,
  openUploadAlbum,
  uploadableAlbums,
  uploadOffered,
  uploadsToLibrary,
} from "./upload-targets";

const trips = summaryOf({ id: 7, name: "Trips" });
const beach = summaryOf({ id: 8, name: "Beach" });
const drawer = summaryOf({ id: 9, name: "Drawer", isHidden: true });
const shared = summaryOf({
  id: 10,
  name: "Alps",
  type: "incomingShareCollaborator",
  isOwned: false,
});
const viewed = summaryOf({ id: 11, name: "Party", type: "incomingShareViewer", isOwned: false });
const favorites = summaryOf({ id: 12, name: "Favorites", type: "favorites" });
const uncategorized = summaryOf({ id: 13, name: "Uncategorized", type: "uncategorized" });
const all = summaryOf({ id: 0, name: "All", type: "all", isOwned: false });
const trash = summaryOf({ id: -2, name: "Trash", type: "trash", isOwned: false });
const summaries = [all, trips, beach, drawer, shared, viewed, favorites, uncategorized, trash];

describe("openUploadAlbum", () => {
  it.each<[string, GallerySummary | undefined, boolean]>([
    ["an owned album", trips, true],
    ["an owned hidden album (opened in the hidden section)", drawer, true],
    ["an album shared with the user as a collaborator", shared, true],
    ["an album shared with the user as a viewer", viewed, false],
    ["favorites", favorites, false],
    ["uncategorized", uncategorized, false],
    ["all", all, false],
    ["the trash", trash, false],
    ["an unknown view", undefined, false],
  ])("%s: files go straight in: %s", (_label, summary, direct) => {
    expect(openUploadAlbum(summary)).toBe(direct ? summary : undefined);
  });
});

describe("uploadOffered", () => {
  it.each<[string, GallerySummary | undefined, boolean]>([
    ["an owned album", trips, true],
    ["an album shared with the user as a collaborator", shared, true],
    ["an album shared with the user as a viewer", viewed, false],
    ["all", all, true],
    ["the trash", trash, false],
    ["an unknown view", undefined, true],
  ])("%s: %s", (_label, summary, offered) => {
    expect(uploadOffered(summary)).toBe(offered);
  });
});

describe("uploadsToLibrary", () => {
  it.each<[string, GallerySummary | undefined, boolean]>([
    ["all (the timeline)", all, true],
    ["uncategorized", uncategorized, true],
    ["an owned album", trips, false],
    ["favorites", favorites, false],
    ["an album shared with the user", shared, false],
    ["an unknown view", undefined, false],
  ])("loose files picked in %s go to no album: %s", (_, summary, expected) => {
    expect(uploadsToLibrary(summary)).toBe(expected);
  });
});

describe("uploadableAlbums", () => {
  it.each<[string, string[]]>([
    ["", ["Alps", "Beach", "Trips"]],
    ["tr", ["Trips"]],
    ["  BEA ", ["Beach"]],
    ["alps", ["Alps"]],
    ["party", []],
  ])("query %j offers %j", (query, names) => {
    expect(uploadableAlbums(summaries, query).map((album) => album.name)).toEqual(names);
  });
});

describe("existingAlbumNamed", () => {
  it.each<[string, GallerySummary | undefined]>([
    ["Trips", trips],
    [" Trips ", trips],
    ["trips", undefined],
    ["Drawer", undefined],
    ["Alps", undefined],
    ["Favorites", undefined],
    ["Uncategorized", uncategorized],
    ["", undefined],
  ])("%j lands in %o", (name, album) => {
    expect(existingAlbumNamed(summaries, name)).toBe(album);
  });
});
