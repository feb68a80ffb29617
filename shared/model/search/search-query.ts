// What a person searched for, as the search bar's suggestions carry it, the
// address keeps it (`/gallery?search=…`) and the search worker matches it.
// Pure: types, and the address's form of each query.

import { isThingLabel } from "./thing-labels";

/** The kinds of file the search finds by type (spec §3 file types, and two kinds read from names). */
export const searchFileKinds = ["photo", "video", "live-photo", "raw", "screenshot"] as const;
export type SearchFileKind = (typeof searchFileKinds)[number];

/** A calendar date with any of its parts: "2019", "July", "July 2019", "24 Dec", "24 Dec 2019". */
export interface SearchDate {
  year?: number | undefined;
  /** 1–12. */
  month?: number | undefined;
  /** 1–31. */
  day?: number | undefined;
}

/** One search: what a chosen suggestion (or the typed words) finds. */
export type SearchQuery =
  /** Files whose name or caption holds every typed word. */
  | { kind: "words"; text: string }
  /** Files whose name holds the text. */
  | { kind: "name"; text: string }
  /** Files whose caption holds the text. */
  | { kind: "caption"; text: string }
  | { kind: "date"; date: SearchDate }
  | { kind: "file-kind"; fileKind: SearchFileKind }
  /** Files taken in a city (by its place ID), or anywhere in a country (ISO 3166-1 alpha-2). */
  | { kind: "place"; countryCode: string; cityID?: number | undefined }
  /** Files tagged with a thing (a COCO label such as "dog"). */
  | { kind: "thing"; label: string }
  /** Files taken with a camera, by its name as the bar shows it ("Canon EOS 5D Mark II"). */
  | { kind: "camera"; name: string }
  /** Files whose CLIP image embedding is close to the text's ("photos of …"). */
  | { kind: "semantic"; text: string }
  /** Files taken inside an area of the map, of one album when `collectionID` is set. */
  | { kind: "area"; area: MapArea; collectionID?: number | undefined }
  /** Files a person is in (by the person's ID: a named person's entity, or an unnamed cluster). */
  | { kind: "person"; personID: string }
  /** Files taken within a place the user named in an Ente app (by its "location" entity's ID). */
  | { kind: "location-tag"; tagID: string };

/**
 * A box of the map in degrees. `west` may be greater than `east`: the box
 * then crosses the antimeridian (from 170° E to 170° W is `west` 170, `east` -170).
 */
export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Whether a location is inside `area` (its edges included). */
export const isInMapArea = (area: MapArea, latitude: number, longitude: number): boolean =>
  latitude >= area.south &&
  latitude <= area.north &&
  (area.west <= area.east
    ? longitude >= area.west && longitude <= area.east
    : longitude >= area.west || longitude <= area.east);

/** Degrees kept in an address: 6 decimals is 11 cm, finer than any GPS. */
const areaDecimals = 6;
const areaNumber = (value: number) => String(Number(value.toFixed(areaDecimals)));

export const searchParam = "search";

const datePart = (value: number | undefined, width: number) =>
  value === undefined ? "" : String(value).padStart(width, "0");

/** The address's form: `<kind>:<value>`, readable and stable. */
export const encodeSearchQuery = (query: SearchQuery): string => {
  switch (query.kind) {
    case "words":
    case "name":
    case "caption":
    case "semantic":
      return `${query.kind}:${query.text}`;
    case "date": {
      const { year, month, day } = query.date;
      return `date:${datePart(year, 4)}-${datePart(month, 2)}-${datePart(day, 2)}`;
    }
    case "file-kind":
      return `type:${query.fileKind}`;
    case "place":
      return `place:${query.countryCode}${query.cityID === undefined ? "" : `/${String(query.cityID)}`}`;
    case "thing":
      return `thing:${query.label}`;
    case "camera":
      return `camera:${query.name}`;
    case "area": {
      const { south, west, north, east } = query.area;
      const box = [south, west, north, east].map(areaNumber).join(",");
      return `area:${box}${query.collectionID === undefined ? "" : `@${String(query.collectionID)}`}`;
    }
    case "person":
      return `person:${query.personID}`;
    case "location-tag":
      return `tag:${query.tagID}`;
  }
};

/** The longest text a query keeps: longer is not a search a person typed. */
export const maxSearchTextLength = 200;

const text = (raw: string) => {
  const trimmed = raw.trim();
  return trimmed.length === 0 || trimmed.length > maxSearchTextLength ? undefined : trimmed;
};

const optionalInt = (raw: string | undefined, min: number, max: number) => {
  if (raw === undefined || raw === "") return { ok: true as const, value: undefined };
  if (!/^\d{1,4}$/.test(raw)) return { ok: false as const };
  const value = Number(raw);
  return value >= min && value <= max ? { ok: true as const, value } : { ok: false as const };
};

const decodeDate = (raw: string): SearchDate | undefined => {
  const parts = /^(\d{4})?-(\d{2})?-(\d{2})?$/.exec(raw);
  if (parts === null) return undefined;
  const year = optionalInt(parts[1], 1, 9999);
  const month = optionalInt(parts[2], 1, 12);
  const day = optionalInt(parts[3], 1, 31);
  if (!year.ok || !month.ok || !day.ok) return undefined;
  if (year.value === undefined && month.value === undefined && day.value === undefined)
    return undefined;
  // A day alone ("the 24th of any month") is not a search the bar offers.
  if (day.value !== undefined && month.value === undefined) return undefined;
  return { year: year.value, month: month.value, day: day.value };
};

/** The query an address holds, or undefined for anything else (a stale or hand-edited address). */
export const decodeSearchQuery = (raw: string | null): SearchQuery | undefined => {
  if (raw === null) return undefined;
  const colon = raw.indexOf(":");
  if (colon === -1) return undefined;
  const kind = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  switch (kind) {
    case "words":
    case "name":
    case "caption":
    case "semantic": {
      const searched = text(value);
      return searched === undefined ? undefined : { kind, text: searched };
    }
    case "date": {
      const date = decodeDate(value);
      return date === undefined ? undefined : { kind: "date", date };
    }
    case "type": {
      const fileKind = searchFileKinds.find((candidate) => candidate === value);
      return fileKind === undefined ? undefined : { kind: "file-kind", fileKind };
    }
    case "place": {
      const parts = /^([A-Z]{2})(?:\/(\d{1,9}))?$/.exec(value);
      if (parts?.[1] === undefined) return undefined;
      return {
        kind: "place",
        countryCode: parts[1],
        cityID: parts[2] === undefined ? undefined : Number(parts[2]),
      };
    }
    case "thing": {
      const label = text(value);
      return label === undefined || !isThingLabel(label) ? undefined : { kind: "thing", label };
    }
    case "camera": {
      const name = text(value);
      return name === undefined ? undefined : { kind: "camera", name };
    }
    case "area":
      return decodeArea(value);
    case "person":
      return personIDPattern.test(value) ? { kind: "person", personID: value } : undefined;
    case "tag":
      return entityIDPattern.test(value) ? { kind: "location-tag", tagID: value } : undefined;
    default:
      return undefined;
  }
};

/** A person's ID as the address carries it: an entity's or a cluster's (letters, digits, `_`, `-`). */
const personIDPattern = /^[A-Za-z0-9_-]{1,128}$/;

/** A user entity's ID as the address carries it (`location_…`). */
const entityIDPattern = personIDPattern;

const decodeArea = (raw: string): SearchQuery | undefined => {
  const parts = /^([-\d.,]+)(?:@(\d{1,16}))?$/.exec(raw);
  const numbers = parts?.[1]?.split(",").map((part) => (part === "" ? Number.NaN : Number(part)));
  if (numbers?.length !== 4 || numbers.some((value) => !Number.isFinite(value))) return undefined;
  const [south = 0, west = 0, north = 0, east = 0] = numbers;
  const latitudeOK = (value: number) => value >= -90 && value <= 90;
  const longitudeOK = (value: number) => value >= -180 && value <= 180;
  if (!latitudeOK(south) || !latitudeOK(north) || south > north) return undefined;
  if (!longitudeOK(west) || !longitudeOK(east)) return undefined;
  const collectionID = parts?.[2] === undefined ? undefined : Number(parts[2]);
  if (collectionID !== undefined && !Number.isSafeInteger(collectionID)) return undefined;
  return { kind: "area", area: { south, west, north, east }, collectionID };
};
