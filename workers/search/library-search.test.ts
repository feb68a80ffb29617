import { describe, expect, it } from "vitest";
import { FileType, Visibility } from "../../shared/model/library/file-metadata";
import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import type { DecryptedFile } from "../library/decrypted-records";
import { createGalleryEngine } from "../gallery/engine/gallery-engine";
import { MemoryReader } from "../gallery/engine/test-support/reader";
import { testCollection, testFile, testUserID } from "../sync/test-support/sync-store";
import { createLibrarySearch } from "./library-search";
import type { SearchSuggestion, SuggestionContext } from "./search-contract";
import { localDayOf } from "../gallery/engine/days";
import type { Places } from "../places/places-loader";
import { realPlaces } from "../places/test-support/real-places";
import type { LibraryML } from "../ml/indexing/library-ml";
import { createLibraryLocationTags } from "../places/library-location-tags";

const mmd = <T>(data: T) => ({ version: 1, count: 1, data });
const at = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).getTime() * 1000;

const file = (
  id: number,
  collectionID: number,
  title: string,
  timeUs: number,
  extra: Partial<DecryptedFile> & { caption?: string; fileType?: FileType } = {},
) =>
  testFile(id, collectionID, {
    metadata: { title, creationTime: timeUs, fileType: extra.fileType ?? FileType.image },
    ...(extra.caption === undefined ? {} : { pubMagicMetadata: mmd({ caption: extra.caption }) }),
    ...extra,
  });

const english: SuggestionContext = {
  locale: "en-US",
  fileKindNames: {
    photo: "Photos",
    video: "Videos",
    "live-photo": "Live photos",
    raw: "RAW",
    screenshot: "Screenshots",
  },
};

const library = (places?: () => Promise<Places>) => {
  const reader = new MemoryReader(testUserID);
  reader.putCollection(testCollection(10, { name: "Île de Ré summer" }));
  reader.putCollection(
    testCollection(11, { name: "Secret", magicMetadata: mmd({ visibility: Visibility.hidden }) }),
  );
  reader.putCollection(
    testCollection(12, {
      name: "Old trips",
      magicMetadata: mmd({ visibility: Visibility.archived }),
    }),
  );
  reader.putFiles([
    file(1, 10, "Beach at Saint-Martin.jpg", at(2019, 7, 24), { caption: "Crème brûlée with Zoë" }),
    file(2, 10, "IMG_0002.CR2", at(2019, 7, 25)),
    file(3, 10, "Screenshot_20191224-101010.png", at(2019, 12, 24)),
    file(4, 10, "VID_0004.mp4", at(2021, 3, 1), { fileType: FileType.video }),
    file(5, 10, "IMG_0005.HEIC", at(2021, 3, 2), { fileType: FileType.livePhoto }),
    file(6, 11, "secret beach.jpg", at(2019, 7, 24)),
    file(7, 12, "Beach archived.jpg", at(2018, 7, 1)),
  ]);
  const engine = createGalleryEngine({ reader: () => reader });
  const search = createLibrarySearch({ engine, dayOf: localDayOf, places });
  return { reader, engine, search };
};

const summary = (suggestion: SearchSuggestion) =>
  suggestion.group === "album"
    ? `album ${suggestion.name} (${String(suggestion.count)})`
    : suggestion.group === "semantic"
      ? `semantic`
      : `${suggestion.group} ${JSON.stringify(suggestion.query)} (${String(suggestion.count)})`;

const suggested = async (
  search: ReturnType<typeof library>["search"],
  text: string,
  context: SuggestionContext = english,
) => (await search.suggestions(text, context)).map(summary);

const resultIDs = (engine: ReturnType<typeof library>["engine"]) => {
  const window = engine.viewWindow(PseudoCollectionID.searchResults, 0, 100);
  return window.items.map(({ id }) => id);
};

describe("the library's search", () => {
  it("suggests by name and caption, forgiving case and accents, never from hidden albums", async () => {
    const { search } = library();
    expect(await suggested(search, "BEACH")).toEqual([`name {"kind":"name","text":"BEACH"} (2)`]);
    expect(await suggested(search, "creme brulee")).toEqual([
      `caption {"kind":"caption","text":"creme brulee"} (1)`,
    ]);
    expect(await suggested(search, "secret")).toEqual([]);
  });

  it("suggests albums by any word of their name, not hidden ones", async () => {
    const { search } = library();
    expect(await suggested(search, "ile de")).toEqual(["album Île de Ré summer (5)"]);
    expect(await suggested(search, "summ")).toEqual(["album Île de Ré summer (5)"]);
  });

  it("suggests dates the library has, with their counts", async () => {
    const { search } = library();
    expect(await suggested(search, "July 2019")).toEqual([
      `date {"kind":"date","date":{"year":2019,"month":7}} (2)`,
    ]);
    expect(await suggested(search, "jul")).toEqual([`date {"kind":"date","date":{"month":7}} (3)`]);
    expect(await suggested(search, "24 dec")).toEqual([
      `date {"kind":"date","date":{"month":12,"day":24}} (1)`,
    ]);
    expect(await suggested(search, "20")).toEqual([
      `date {"kind":"date","date":{"year":2021}} (2)`,
      `date {"kind":"date","date":{"year":2019}} (3)`,
      `date {"kind":"date","date":{"year":2018}} (1)`,
      `name {"kind":"name","text":"20"} (1)`,
    ]);
    expect(await suggested(search, "June")).toEqual([]);
  });

  it("suggests file kinds by their shown names", async () => {
    const { search } = library();
    expect(await suggested(search, "vid")).toEqual([
      `file-kind {"kind":"file-kind","fileKind":"video"} (1)`,
      `name {"kind":"name","text":"vid"} (1)`,
    ]);
    expect(await suggested(search, "raw")).toEqual([
      `file-kind {"kind":"file-kind","fileKind":"raw"} (1)`,
    ]);
    expect(
      await suggested(search, "bildschirm", {
        ...english,
        fileKindNames: { ...english.fileKindNames, screenshot: "Bildschirmfotos" },
      }),
    ).toEqual([`file-kind {"kind":"file-kind","fileKind":"screenshot"} (1)`]);
  });

  it("opens the results as a view in display order, archived files included, hidden ones never", async () => {
    const { search, engine } = library();
    const snapshot = await search.open({ kind: "words", text: "beach" });
    expect(snapshot.viewID).toBe(PseudoCollectionID.searchResults);
    expect(snapshot.totalCount).toBe(2);
    expect(resultIDs(engine)).toEqual([1, 7]);
    expect(snapshot.days.map(({ day }) => day)).toEqual(["2019-07-24", "2018-07-01"]);
    await search.open({ kind: "date", date: { year: 2021 } });
    expect(resultIDs(engine)).toEqual([5, 4]);
    await search.open({ kind: "file-kind", fileKind: "live-photo" });
    expect(resultIDs(engine)).toEqual([5]);
  });

  it("keeps the results current as files arrive and leave", async () => {
    const { search, engine, reader } = library();
    await search.open({ kind: "name", text: "beach" });
    expect(resultIDs(engine)).toEqual([1, 7]);
    reader.putFiles([file(8, 10, "beach again.jpg", at(2022, 1, 1))]);
    expect(engine.openSnapshot()?.totalCount).toBe(3);
    expect(resultIDs(engine)).toEqual([8, 1, 7]);
    expect(await suggested(search, "beach")).toEqual([`name {"kind":"name","text":"beach"} (3)`]);
  });

  it("finds photos by city and country, named in the user's language", async () => {
    const { search, engine, reader } = library(realPlaces);
    const located = (id: number, latitude: number, longitude: number) =>
      testFile(id, 10, {
        metadata: {
          title: `IMG_${String(id)}.jpg`,
          creationTime: at(2022, 5, id),
          fileType: FileType.image,
          latitude,
          longitude,
        },
      });
    reader.putFiles([
      located(20, 38.7139, -9.1394),
      located(21, 38.72, -9.14),
      located(22, 41.1496, -8.611),
      located(23, 48.8566, 2.3522),
    ]);
    expect(await suggested(search, "lisb")).toEqual([
      `place {"kind":"place","countryCode":"PT","cityID":2267057} (2)`,
    ]);
    expect(await suggested(search, "portugal")).toEqual([
      `place {"kind":"place","countryCode":"PT"} (3)`,
    ]);
    const german = await search.suggestions("frankr", { ...english, locale: "de-DE" });
    expect(german).toMatchObject([{ group: "place", name: "Frankreich", count: 1 }]);
    await search.open({ kind: "place", countryCode: "PT", cityID: 2267057 });
    expect(resultIDs(engine)).toEqual([21, 20]);
    expect(await search.placeOf(48.8566, 2.3522)).toEqual({ cityName: "Paris", countryCode: "FR" });
    expect(await search.placeOf(0, 0)).toBeUndefined();
  });

  it("suggests the things indexing saw and 'photos of …', named in the user's language, also when typed before ML loaded", async () => {
    const reader = new MemoryReader(testUserID);
    reader.putCollection(testCollection(10, { name: "Pets" }));
    reader.putFiles([
      file(1, 10, "IMG_1.jpg", at(2020, 1, 1)),
      file(2, 10, "IMG_2.jpg", at(2020, 1, 2)),
      file(3, 10, "IMG_3.jpg", at(2020, 1, 3)),
    ]);
    const engine = createGalleryEngine({ reader: () => reader });
    const tags = new Map<number, string[]>([
      [1, ["dog", "person"]],
      [3, ["dog"]],
    ]);
    const ml: LibraryML = {
      request: () => undefined,
      setOnline: () => undefined,
      setEnabled: () => undefined,
      setUploading: () => undefined,
      loadStored: () => Promise.resolve(),
      stop: () => undefined,
      status: () => ({
        enabled: true,
        phase: "not-scheduled",
        pending: 0,
        indexed: 3,
        pausedForUpload: false,
      }),
      thingsOf: (fileID) => tags.get(fileID),
      thingLabels: () => ["dog", "person"],
      semanticAvailable: () => clipOn,
      knowSemanticAvailability: () => {
        clipOn = true;
        return Promise.resolve();
      },
      prepareSemantic: () => Promise.resolve(),
      semanticMatches: () => undefined,
    };
    let clipOn = false;
    // On-device ML's code loads after the library: a search typed at once waits for it.
    const host: { ml?: LibraryML } = {};
    let markHosted: () => void = () => undefined;
    const mlHosted = new Promise<void>((resolve) => {
      markHosted = resolve;
    });
    const search = createLibrarySearch({
      engine,
      dayOf: localDayOf,
      ml: () => host.ml,
      mlHosted: () => mlHosted,
    });
    const typedAtOnce = suggested(search, "dog");
    host.ml = ml;
    markHosted();
    expect(await typedAtOnce).toEqual([`thing {"kind":"thing","label":"dog"} (2)`, "semantic"]);
    const german = {
      ...english,
      locale: "de-DE",
      thingNames: { dog: "Hunde", person: "Personen" },
    };
    expect(await suggested(search, "hund", german)).toEqual([
      `thing {"kind":"thing","label":"dog"} (2)`,
      "semantic",
    ]);
    await search.open({ kind: "thing", label: "person" });
    expect(resultIDs(engine)).toEqual([1]);
  });

  it("suggests the library's cameras by make or model, forgiving case and accents, and finds them", async () => {
    const { search, engine, reader } = library();
    const taken = (id: number, collectionID: number, cameraMake?: string, cameraModel?: string) =>
      file(id, collectionID, `IMG_${String(id)}.jpg`, at(2023, 3, id), {
        pubMagicMetadata: mmd({ cameraMake, cameraModel }),
      });
    reader.putFiles([
      taken(20, 10, "Canon", "Canon EOS 5D Mark II"),
      taken(21, 10, "CANON", "CANON EOS 5D MARK II"),
      taken(22, 10, "Canon", "Canon EOS R5"),
      taken(23, 10, "Apple", "iPhone 12"),
      taken(24, 10, "NIKON CORPORATION", "NIKON D750"),
      taken(25, 10),
      taken(26, 11, "SONY", "ILCE-7M3"),
    ]);
    const camera = (name: string, count: number) =>
      `camera ${JSON.stringify({ kind: "camera", name })} (${String(count)})`;
    // The camera with more files first; the name is its newest file's.
    expect(await suggested(search, "canon")).toEqual([
      camera("CANON EOS 5D MARK II", 2),
      camera("Canon EOS R5", 1),
    ]);
    expect(await suggested(search, "ÉOS 5d")).toEqual([camera("CANON EOS 5D MARK II", 2)]);
    expect(await suggested(search, "apple")).toEqual([camera("Apple iPhone 12", 1)]);
    expect(await suggested(search, "IPHONE")).toEqual([camera("Apple iPhone 12", 1)]);
    expect(await suggested(search, "d750")).toEqual([camera("NIKON D750", 1)]);
    // Never the camera of a hidden album's file.
    expect(await suggested(search, "sony")).toEqual([]);

    await search.open({ kind: "camera", name: "canon eos 5d mark ii" });
    expect(resultIDs(engine)).toEqual([21, 20]);
    await search.open({ kind: "camera", name: "Sony ILCE-7M3" });
    expect(resultIDs(engine)).toEqual([]);
    expect(search.index().countOf({ kind: "camera", name: "Apple  iPhone 12" })).toBe(1);
  });
});

describe("the search of places the user named (location tags)", () => {
  const located = (id: number, latitude: number, longitude: number) =>
    testFile(id, 10, {
      metadata: {
        title: `IMG_${String(id)}.jpg`,
        creationTime: at(2022, 5, id),
        fileType: FileType.image,
        latitude,
        longitude,
      },
    });

  /** The account's "location" entities on the server (a stand-in for /user-entity). */
  const taggedLibrary = () => {
    const { reader, engine } = library(realPlaces);
    reader.putFiles([
      located(20, 38.7139, -9.1394),
      // 680 m north of the tram stop, in Lisbon too.
      located(21, 38.72, -9.14),
      located(22, 48.8566, 2.3522),
      file(23, 10, "IMG_23.jpg", at(2022, 5, 23)),
    ]);
    const stored = new Map<string, { data: unknown; version: number }>();
    let version = 0;
    let nowMs = 0;
    const tags = createLibraryLocationTags({
      entities: {
        pull: (sinceTime) => {
          const changed = [...stored].filter(([, entity]) => entity.version > sinceTime);
          return Promise.resolve({
            changed: changed
              .filter(([, { data }]) => data !== undefined)
              .map(([id, { data }]) => ({ id, data })),
            gone: changed.filter(([, { data }]) => data === undefined).map(([id]) => id),
            sinceTime: version,
          });
        },
      },
      nowMs: () => nowMs,
      logError: () => undefined,
      onChange: () => {
        search.locationTagsChanged();
      },
    });
    const search = createLibrarySearch({
      engine,
      dayOf: localDayOf,
      places: realPlaces,
      locationTags: () => tags,
    });
    return {
      engine,
      search,
      /** Another device names, moves or deletes a tag; it is read once the pull interval has passed. */
      setTag: (id: string, data: unknown) => {
        stored.set(id, { data, version: ++version });
        nowMs += 60_000;
      },
    };
  };

  const flat = (radius: number) => ({
    name: "Lisbon flat",
    radius,
    aSquare: 0,
    bSquare: 0,
    centerPoint: { latitude: 38.7139, longitude: -9.1394 },
  });

  it("suggests a tag by its name, before a city that matches as well, with the photos within it", async () => {
    const { search, engine, setTag } = taggedLibrary();
    setTag("location_flat", flat(0.5));
    setTag("location_paris", {
      name: "Hôtel in Paris",
      radius: 2,
      centerPoint: { latitude: 48.86, longitude: 2.35 },
    });
    expect(await suggested(search, "lisb")).toEqual([
      `place {"kind":"location-tag","tagID":"location_flat"} (1)`,
      `place {"kind":"place","countryCode":"PT","cityID":2267057} (2)`,
    ]);
    // Folded as everything typed is, and by any word of the name.
    expect(await suggested(search, "HOTEL")).toEqual([
      `place {"kind":"location-tag","tagID":"location_paris"} (1)`,
    ]);
    expect(await suggested(search, "flat")).toEqual([
      `place {"kind":"location-tag","tagID":"location_flat"} (1)`,
    ]);
    const [tagSuggestion] = await search.suggestions("lisbon fl", english);
    expect(tagSuggestion).toMatchObject({ group: "place", name: "Lisbon flat", count: 1 });

    await search.open({ kind: "location-tag", tagID: "location_flat" });
    expect(resultIDs(engine)).toEqual([20]);
    expect(await search.locationTagName("location_flat")).toBe("Lisbon flat");
  });

  it("follows a tag moved or deleted on another device, and finds nothing for a deleted one", async () => {
    const { search, engine, setTag } = taggedLibrary();
    setTag("location_flat", flat(0.5));
    await search.open({ kind: "location-tag", tagID: "location_flat" });
    expect(resultIDs(engine)).toEqual([20]);

    // Widened to 1 km: the open results take the photo 680 m away.
    setTag("location_flat", flat(1));
    expect(await suggested(search, "flat")).toEqual([
      `place {"kind":"location-tag","tagID":"location_flat"} (2)`,
    ]);
    expect(resultIDs(engine)).toEqual([21, 20]);

    setTag("location_flat", undefined);
    expect(await suggested(search, "flat")).toEqual([]);
    expect(resultIDs(engine)).toEqual([]);
    expect(await search.locationTagName("location_flat")).toBeUndefined();
    // An address to it (a bookmark, another tab) opens empty results.
    const snapshot = await search.open({ kind: "location-tag", tagID: "location_flat" });
    expect(snapshot.totalCount).toBe(0);
  });
});
