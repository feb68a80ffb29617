// The search index of a library (pure): for every searchable file, in the
// order the search view shows them, what queries compare: its name and
// caption folded, its local date, its kinds, its camera, its location.
// Built in the sync worker from the decrypted files it already holds, kept
// in memory only (the local database's rule: nothing plaintext at rest), and
// rebuilt when the searchable files change. See: [Note: Search runs where the library is]

import type { DecryptedFile } from "../library/decrypted-records";
import {
  type SearchDate,
  type SearchQuery,
  isInMapArea,
} from "../../shared/model/search/search-query";
import type { DayOf } from "../gallery/engine/days";
import { cameraNameOf } from "./camera-names";
import { fileKindBits, fileKindBitsOf } from "./file-kind-rules";
import { foldForSearch, searchWords } from "./fold-text";
import { type LocationTag, isWithinLocationTag } from "../places/location-tag";

// [Note: Search runs where the library is]
//
// The sync worker holds the decrypted library; a search worker of its own
// would need a second copy of every name, caption, date and location sent
// across (tens of MB at 100k files) and kept in step with every sync page.
// So the index is built in the sync worker, from the searchable view the
// view engine already sorts, in one pass (folding 100k names takes tens of
// ms), lazily: on the first suggestion asked after the library changed.
// Queries scan typed arrays and folded strings, a few ms at 100k files.
// CLIP's vectors live in the same worker for the same reason, and the text
// encoder's model in the ML worker: only a 512-value text vector crosses.

/** What the index reads of the searchable files: the view engine's built view fits. */
export interface SearchableFiles {
  count: number;
  files: readonly DecryptedFile[];
  /** µs: each file's shown time. */
  timesUs: ArrayLike<number>;
}

/** Where a file was taken, resolved to a place (from the places data). */
export interface FilePlace {
  countryCode?: string | undefined;
  cityID?: number | undefined;
}

/** Extra facts about files that come from elsewhere than their metadata (places, things, CLIP). */
export interface SearchFacets {
  /** The place of a location, or undefined (resolved once per file and kept). */
  placeOf?: ((latitude: number, longitude: number) => FilePlace | undefined) | undefined;
  /** The things a file was tagged with (COCO labels). */
  thingsOf?: ((fileID: number) => readonly string[] | undefined) | undefined;
  /** File IDs that match a semantic query, or undefined when CLIP cannot answer it. */
  semanticMatches?: ((text: string) => ReadonlySet<number> | undefined) | undefined;
  /** The files a person is in, or undefined when no such person is known. */
  personFiles?: ((personID: string) => ReadonlySet<number> | undefined) | undefined;
  /** A location tag of the account by its ID, or undefined when there is none (deleted, never pulled). */
  locationTag?: ((tagID: string) => LocationTag | undefined) | undefined;
}

const noPlace = -1;
const noCamera = -1;

/** A camera the library's files were taken with. See: [Note: A camera is named by its model, with its maker when the model lacks it] */
export interface LibraryCamera {
  /** As the bar shows it: the name of its first file in view order. */
  name: string;
  /** As queries compare it: files whose names differ only in case or accents share a camera. */
  folded: string;
  /** How many files it took. */
  count: number;
}

/** A camera's name as the index compares it. */
const cameraKey = (name: string) => foldForSearch(name).replace(/\s+/gu, " ").trim();

export class SearchIndex {
  readonly count: number;
  readonly ids: Float64Array;
  readonly names: readonly string[];
  /** "" where a file has no caption. */
  readonly captions: readonly string[];
  readonly years: Int16Array;
  readonly months: Uint8Array;
  readonly days: Uint8Array;
  readonly kinds: Uint8Array;
  /** Per file: an index into `cameras`, or `noCamera` (one string per camera, not per file). */
  readonly cameraIndexes: Int32Array;
  /** Degrees; NaN where a file has no location. */
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  /** The library's cameras, in the order of their first file. */
  readonly cameras: readonly LibraryCamera[];
  readonly #cameraIndexByKey = new Map<string, number>();
  readonly #files: readonly DecryptedFile[];
  readonly #facets: SearchFacets;
  /** Per file: an index into `#places`, or `noPlace`; computed on the first place query. */
  #placeIndexes: Int32Array | undefined;
  #places: FilePlace[] = [];

  constructor(searchable: SearchableFiles, dayOf: DayOf, facets: SearchFacets = {}) {
    const { count, files, timesUs } = searchable;
    this.count = count;
    this.#files = files;
    this.#facets = facets;
    this.ids = new Float64Array(count);
    this.years = new Int16Array(count);
    this.months = new Uint8Array(count);
    this.days = new Uint8Array(count);
    this.kinds = new Uint8Array(count);
    this.cameraIndexes = new Int32Array(count).fill(noCamera);
    this.latitudes = new Float64Array(count).fill(Number.NaN);
    this.longitudes = new Float64Array(count).fill(Number.NaN);
    const names: string[] = [];
    const captions: string[] = [];
    const cameras: LibraryCamera[] = [];
    let dayEndMs = -Infinity;
    let dayStartMs = Infinity;
    let year = 0;
    let month = 0;
    let day = 0;
    for (let index = 0; index < count; index++) {
      const file = files[index];
      if (file === undefined) {
        // Keeps every array aligned with the view's indexes.
        names.push("");
        captions.push("");
        continue;
      }
      const title = file.pubMagicMetadata?.data.editedName ?? file.metadata.title;
      this.ids[index] = file.id;
      names.push(foldForSearch(title));
      captions.push(foldForSearch(file.pubMagicMetadata?.data.caption ?? ""));
      this.kinds[index] = fileKindBitsOf(file.metadata.fileType, title);
      const { latitude, longitude } = file.metadata;
      if (latitude !== undefined && longitude !== undefined) {
        this.latitudes[index] = latitude;
        this.longitudes[index] = longitude;
      }
      const cameraName = cameraNameOf(
        file.pubMagicMetadata?.data.cameraMake,
        file.pubMagicMetadata?.data.cameraModel,
      );
      if (cameraName !== undefined) {
        const key = cameraKey(cameraName);
        let at = this.#cameraIndexByKey.get(key);
        if (at === undefined) {
          at = cameras.length;
          cameras.push({ name: cameraName, folded: key, count: 0 });
          this.#cameraIndexByKey.set(key, at);
        }
        const camera = cameras[at];
        if (camera !== undefined) camera.count += 1;
        this.cameraIndexes[index] = at;
      }
      // Files come sorted by time: one calendar look-up per day, as the views do.
      const timeMs = (timesUs[index] ?? 0) / 1000;
      if (!(timeMs >= dayStartMs && timeMs < dayEndMs)) {
        const calendarDay = dayOf(timeMs);
        dayStartMs = calendarDay.startMs;
        dayEndMs = calendarDay.endMs;
        const parts = /^(-?\d+)-(\d{2})-(\d{2})$/.exec(calendarDay.day);
        year = Number(parts?.[1] ?? 0);
        month = Number(parts?.[2] ?? 0);
        day = Number(parts?.[3] ?? 0);
      }
      this.years[index] = year;
      this.months[index] = month;
      this.days[index] = day;
    }
    this.names = names;
    this.captions = captions;
    this.cameras = cameras;
  }

  /** The years the library holds, newest first. */
  libraryYears(): number[] {
    const years = new Set<number>();
    for (let index = 0; index < this.count; index++) years.add(this.years[index] ?? 0);
    return [...years].filter((year) => year > 0).sort((a, b) => b - a);
  }

  /** The place of the file at `index`, resolved once. */
  placeAt(index: number): FilePlace | undefined {
    const placeIndexes = this.#resolvePlaces();
    const at = placeIndexes?.[index] ?? noPlace;
    return at === noPlace ? undefined : this.#places[at];
  }

  #resolvePlaces(): Int32Array | undefined {
    const placeOf = this.#facets.placeOf;
    if (placeOf === undefined) return undefined;
    if (this.#placeIndexes !== undefined) return this.#placeIndexes;
    const indexes = new Int32Array(this.count).fill(noPlace);
    const known = new Map<string, number>();
    for (let index = 0; index < this.count; index++) {
      const metadata = this.#files[index]?.metadata;
      const latitude = metadata?.latitude;
      const longitude = metadata?.longitude;
      if (latitude === undefined || longitude === undefined) continue;
      const place = placeOf(latitude, longitude);
      if (place === undefined) continue;
      const key = `${place.countryCode ?? ""}/${String(place.cityID ?? "")}`;
      let at = known.get(key);
      if (at === undefined) {
        at = this.#places.length;
        this.#places.push(place);
        known.set(key, at);
      }
      indexes[index] = at;
    }
    this.#placeIndexes = indexes;
    return indexes;
  }

  /** A test of each index for `query`, or undefined when the index cannot answer it now (no CLIP). */
  matcher(query: SearchQuery): ((index: number) => boolean) | undefined {
    switch (query.kind) {
      case "words": {
        const words = searchWords(foldForSearch(query.text));
        return (index) =>
          words.every(
            (word) =>
              (this.names[index] ?? "").includes(word) ||
              (this.captions[index] ?? "").includes(word),
          );
      }
      case "name": {
        const needle = foldForSearch(query.text).trim();
        return (index) => (this.names[index] ?? "").includes(needle);
      }
      case "caption": {
        const needle = foldForSearch(query.text).trim();
        return (index) => (this.captions[index] ?? "").includes(needle);
      }
      case "date":
        return this.#dateMatcher(query.date);
      case "file-kind": {
        const bit = fileKindBits[query.fileKind];
        return (index) => ((this.kinds[index] ?? 0) & bit) !== 0;
      }
      case "place": {
        const { countryCode, cityID } = query;
        return (index) => {
          const place = this.placeAt(index);
          if (place === undefined) return false;
          return cityID === undefined ? place.countryCode === countryCode : place.cityID === cityID;
        };
      }
      case "thing": {
        const thingsOf = this.#facets.thingsOf;
        if (thingsOf === undefined) return () => false;
        return (index) => thingsOf(this.ids[index] ?? 0)?.includes(query.label) === true;
      }
      case "camera": {
        const at = this.#cameraIndexByKey.get(cameraKey(query.name));
        if (at === undefined) return () => false;
        return (index) => this.cameraIndexes[index] === at;
      }
      case "semantic": {
        const matches = this.#facets.semanticMatches?.(query.text);
        if (matches === undefined) return undefined;
        return (index) => matches.has(this.ids[index] ?? 0);
      }
      case "person": {
        const files = this.#facets.personFiles?.(query.personID);
        if (files === undefined) return () => false;
        return (index) => files.has(this.ids[index] ?? 0);
      }
      case "location-tag": {
        const tag = this.#facets.locationTag?.(query.tagID);
        if (tag === undefined) return () => false;
        // NaN (no location) is within no tag.
        return (index) =>
          isWithinLocationTag(
            tag,
            this.latitudes[index] ?? Number.NaN,
            this.longitudes[index] ?? Number.NaN,
          );
      }
      case "area": {
        const { area } = query;
        // NaN (no location) fails every comparison.
        return (index) =>
          isInMapArea(
            area,
            this.latitudes[index] ?? Number.NaN,
            this.longitudes[index] ?? Number.NaN,
          );
      }
    }
  }

  #dateMatcher({ year, month, day }: SearchDate): (index: number) => boolean {
    return (index) =>
      (year === undefined || this.years[index] === year) &&
      (month === undefined || this.months[index] === month) &&
      (day === undefined || this.days[index] === day);
  }

  /** How many files `query` finds (0 when the index cannot answer it now). */
  countOf(query: SearchQuery): number {
    const matches = this.matcher(query);
    if (matches === undefined) return 0;
    let count = 0;
    for (let index = 0; index < this.count; index++) if (matches(index)) count += 1;
    return count;
  }
}
