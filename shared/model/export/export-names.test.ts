import { describe, expect, it } from "vitest";
import {
  exportNameKey,
  exportNameMaxBytes,
  exportNameReservedBytes,
  exportPartialFileSuffix,
  isCollectionRenamed,
  livePhotoPartNames,
  reservedExportFolderNames,
  sanitizeExportName,
  splitExportName,
  takenExportNames,
  uniqueFileName,
  uniqueFolderName,
  uniqueLivePhotoNames,
  utf8ByteLength,
} from "./export-names";

const graphemesOf = (text: string): string[] =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map(
    ({ segment }) => segment,
  );

const hasLoneSurrogate = (text: string): boolean => /\p{Cs}/u.test(text);

/** Whether `name`, with the engine's longest derived suffix, fits in one folder entry. */
const fitsWithReserve = (name: string): boolean =>
  utf8ByteLength(name) + exportNameReservedBytes <= exportNameMaxBytes;

describe("sanitizeExportName", () => {
  it.each<[string, string, string]>([
    ["a plain name", "IMG_0001.jpg", "IMG_0001.jpg"],
    ["a path separator", "Trips/2024", "Trips_2024"],
    ["each character Windows forbids", 'a?b<c>d\\e:f*g|h"i', "a_b_c_d_e_f_g_h_i"],
    ["a tab and a newline (C0)", "Line\tone\ntwo", "Line_one_two"],
    ["a NUL", "a\u0000b", "a_b"],
    ["a C1 control character", "a\u0085b\u009fc", "a_b_c"],
    ["DEL, which sanitize-filename keeps", "a\u007fb", "a\u007fb"],
    ["a lone surrogate, which has no UTF-8 form", "a\ud800b", "a_b"],
    [". alone", ".", "_"],
    [".. alone", "..", "_"],
    ["only dots", "....", "_"],
    ["a Windows device name", "CON", "_"],
    ["a device name in lower case with an extension", "con.txt", "_"],
    ["COM1 in mixed case", "Com1", "_"],
    ["LPT9 with two extensions", "LPT9.tar.gz", "_"],
    ["NUL followed by a space (the space is the trailing rule's)", "NUL ", "NUL_"],
    ["a word that starts like a device name", "CONSOLE", "CONSOLE"],
    ["a device name inside a longer name", "AUX cable.jpg", "AUX cable.jpg"],
    ["a trailing dot", "Trip.", "Trip_"],
    ["a run of trailing dots and spaces, as one underscore", "Trip. . ", "Trip_"],
    ["leading spaces and dots, which are legal", " .hidden", " .hidden"],
    ["an empty name, as the fallback", "", "_"],
    ["emoji", "🏔️ Alps 👨‍👩‍👧‍👦.jpg", "🏔️ Alps 👨‍👩‍👧‍👦.jpg"],
    ["accents, composed and decomposed", "Zürich Café\u0301", "Zürich Café\u0301"],
    ["CJK", "東京タワー.heic", "東京タワー.heic"],
    ["right-to-left text", "תמונה.jpg", "תמונה.jpg"],
  ])("%s: %j → %j", (_, name, expected) => {
    expect(sanitizeExportName(name)).toBe(expected);
  });
});

describe("splitExportName", () => {
  it.each<[string, string, string]>([
    ["IMG_1.jpg", "IMG_1", ".jpg"],
    ["archive.tar.gz", "archive.tar", ".gz"],
    ["README", "README", ""],
    [".profile", ".profile", ""],
    ["Notes. Read these first", "Notes. Read these first", ""],
    ["photo.averyveryverylongextension", "photo.averyveryverylongextension", ""],
    ["photo.sixteen_char_ext", "photo", ".sixteen_char_ext"],
    ["photo.seventeen_chars_x", "photo.seventeen_chars_x", ""],
  ])("%j → %j + %j", (name, stem, extension) => {
    expect(splitExportName(name)).toEqual({ stem, extension });
  });
});

describe("uniqueFolderName", () => {
  it.each<[string, string, string[], string]>([
    ["a free name", "Trip", [], "Trip"],
    ["a clash", "Trip", ["Trip"], "Trip(1)"],
    ["clashes ignoring case", "Trip", ["trip", "TRIP(1)"], "Trip(2)"],
    ["a decomposed accent on disk clashes with a composed one", "Café", ["Cafe\u0301"], "Café(1)"],
    ["the trash folder", "Trash", [], "Trash(1)"],
    ["the trash folder in lower case", "trash", [], "trash(1)"],
    ["the metadata folder in upper case", "METADATA", [], "METADATA(1)"],
    ["the record's file name", "export_status.json", [], "export_status.json(1)"],
    ["a name that clashes once sanitised", "a/b", ["a_b"], "a_b(1)"],
    ["a dotted name, suffixed at its end", "Trip.v2", ["Trip.v2"], "Trip.v2(1)"],
    ["an empty name", "", [], "_"],
    ["an empty name when the fallback is taken", "", ["_"], "_(1)"],
    ["emoji survive a clash", "🏔️ Alps", ["🏔️ alps"], "🏔️ Alps(1)"],
    ["a name like a suffixed one", "Trip(1)", ["Trip(1)"], "Trip(1)(1)"],
  ])("%s: %j, taken %j → %j", (_, wanted, taken, expected) => {
    expect(uniqueFolderName(wanted, takenExportNames(taken))).toBe(expected);
  });

  it("reserves exactly the spec's two folders", () => {
    expect(reservedExportFolderNames).toEqual(["Trash", "metadata"]);
  });

  it("asks the predicate with each candidate's lower-case key until one is free", () => {
    const asked: string[] = [];
    const name = uniqueFolderName("Trip", (key) => {
      asked.push(key);
      return asked.length < 3;
    });
    expect(name).toBe("Trip(2)");
    expect(asked).toEqual(["trip", "trip(1)", "trip(2)"]);
  });
});

describe("uniqueFileName", () => {
  it.each<[string, string, string[], string]>([
    ["a free name", "IMG_1.jpg", [], "IMG_1.jpg"],
    ["a clash, suffixed before the extension", "IMG_1.jpg", ["IMG_1.jpg"], "IMG_1(1).jpg"],
    ["a clash ignoring case", "IMG_1.jpg", ["img_1.JPG"], "IMG_1(1).jpg"],
    ["two clashes", "IMG_1.jpg", ["IMG_1.jpg", "IMG_1(1).jpg"], "IMG_1(2).jpg"],
    ["a gap is filled", "IMG_1.jpg", ["IMG_1.jpg", "IMG_1(2).jpg"], "IMG_1(1).jpg"],
    ["no extension", "README", ["README"], "README(1)"],
    ["a dotfile", ".profile", [".profile"], ".profile(1)"],
    ["two extensions", "archive.tar.gz", ["archive.tar.gz"], "archive.tar(1).gz"],
    [
      "a sentence, not an extension",
      "Notes. Read this",
      ["Notes. Read this"],
      "Notes. Read this(1)",
    ],
    [
      "an absurd extension",
      "a.averyveryverylongextension",
      ["a.averyveryverylongextension"],
      "a.averyveryverylongextension(1)",
    ],
    ["the collection's metadata folder", "metadata", [], "metadata(1)"],
    ["the trash folder is no file's concern", "Trash", [], "Trash"],
    ["illegal characters", "IMG:1*.jpg", [], "IMG_1_.jpg"],
    ["a device name loses its extension, as sanitize-filename does", "con.jpg", [], "_"],
    ["a CJK name", "東京.heic", ["東京.HEIC"], "東京(1).heic"],
  ])("%s: %j, taken %j → %j", (_, wanted, taken, expected) => {
    expect(uniqueFileName(wanted, takenExportNames(taken))).toBe(expected);
  });

  it("asks with the key of the candidate, not the wanted name", () => {
    const asked: string[] = [];
    uniqueFileName("IMG_1.JPG", (key) => {
      asked.push(key);
      return asked.length === 1;
    });
    expect(asked).toEqual(["img_1.jpg", "img_1(1).jpg"]);
  });
});

describe("long names", () => {
  const budget = exportNameMaxBytes - exportNameReservedBytes;

  it("leave room for the temporary suffix and the sidecar's", () => {
    expect(exportNameReservedBytes).toBeGreaterThanOrEqual(
      utf8ByteLength(`.json${exportPartialFileSuffix}`),
    );
    expect(exportNameReservedBytes).toBeGreaterThanOrEqual(utf8ByteLength(".json.cairn-replacing"));
  });

  it.each<[string, string, (name: string) => boolean]>([
    [
      "CJK (402 bytes) keeps whole characters and the extension",
      `${"東".repeat(134)}.jpg`,
      (name) => /^東+\.jpg$/.test(name),
    ],
    [
      "emoji families (400 bytes) are never split",
      `${"👨‍👩‍👧‍👦".repeat(16)}.mp4`,
      (name) => graphemesOf(name.slice(0, -4)).every((g) => g === "👨‍👩‍👧‍👦"),
    ],
    [
      "surrogate pairs (400 bytes) are never halved",
      `${"😀".repeat(100)}.png`,
      (name) => !hasLoneSurrogate(name) && name.endsWith(".png"),
    ],
    [
      "a letter under 200 accents is cut between code points",
      `a${"\u0301".repeat(200)}.jpg`,
      (name) => name.startsWith("a\u0301") && name.endsWith(".jpg"),
    ],
    [
      "an absurd extension is cut with the rest",
      `${"x".repeat(300)}.averyveryverylongextension`,
      (name) => /^x+$/.test(name),
    ],
  ])("%s", (_, wanted, looksRight) => {
    const first = uniqueFileName(wanted, () => false);
    const second = uniqueFileName(wanted, takenExportNames([first]));
    for (const name of [first, second]) {
      expect(fitsWithReserve(name)).toBe(true);
      expect(looksRight(name.replace("(1)", ""))).toBe(true);
    }
    expect(second).toMatch(/\(1\)(\.[a-z0-9]+)?$/);
    expect(second).not.toBe(first);
  });

  it("fills the room exactly, and cuts the stem to make room for the suffix", () => {
    const fitting = `${"a".repeat(budget - 4)}.jpg`;
    expect(uniqueFileName(fitting, () => false)).toBe(fitting);
    expect(uniqueFileName(`${"a".repeat(budget - 3)}.jpg`, () => false)).toBe(fitting);
    const suffixed = uniqueFileName(fitting, takenExportNames([fitting]));
    expect(suffixed).toBe(`${"a".repeat(budget - 7)}(1).jpg`);
    expect(utf8ByteLength(suffixed)).toBe(budget);
  });

  it("keeps two names that share their first 250 bytes apart", () => {
    const shared = "ü".repeat(125);
    const firstName = uniqueFileName(`${shared} first.jpg`, () => false);
    const secondName = uniqueFileName(`${shared} second.jpg`, takenExportNames([firstName]));
    expect(firstName).toBe(`${"ü".repeat(109)}.jpg`);
    expect(secondName).toBe(`${"ü".repeat(108)}(1).jpg`);
    const firstFolder = uniqueFolderName(`${shared} first`, () => false);
    const secondFolder = uniqueFolderName(`${shared} second`, takenExportNames([firstFolder]));
    expect(exportNameKey(secondFolder)).not.toBe(exportNameKey(firstFolder));
    expect([firstFolder, secondFolder].every(fitsWithReserve)).toBe(true);
  });

  it("does not leave a trailing dot where the cut falls", () => {
    const folder = uniqueFolderName(`${"a".repeat(budget - 1)}. and more`, () => false);
    expect(folder).toBe(`${"a".repeat(budget - 1)}_`);
  });
});

describe("isCollectionRenamed", () => {
  const long = "ü".repeat(125);
  const longFolder = uniqueFolderName(long, () => false);
  const longFolderSuffixed = uniqueFolderName(long, takenExportNames([longFolder]));

  it.each<[string, string, string, boolean]>([
    ["the same name", "Trip", "Trip", false],
    ["a clash suffix", "Trip(1)", "Trip", false],
    ["another name", "Trip", "Trips", true],
    ["another name with a clash suffix", "Trip(2)", "Trips", true],
    ["a name that ends like a suffix", "Trip(1)", "Trip(1)", false],
    ["a suffixed name with a clash suffix", "Trip(1)(2)", "Trip(1)", false],
    ["a name equal once sanitised", "a_b", "a/b", false],
    ["trailing dots sanitised", "Trip_", "Trip.", false],
    ["a suffixed reserved name", "Trash(1)", "Trash", false],
    ["a change of case", "trip", "Trip", true],
    ["a suffix inside the name", "Tr(1)ip", "Trip", true],
    ["an empty name", "_", "", false],
    ["a long name, cut", longFolder, long, false],
    ["a long name, cut and suffixed", longFolderSuffixed, long, false],
    ["a change past the cut (the folder's name would not change)", longFolder, `${long}!`, false],
    ["a long name as the reference stored it, not cut", "ü".repeat(120), "ü".repeat(120), false],
    ["a long name renamed", longFolder, "ö".repeat(125), true],
  ])("%s: stored %j, current %j → %s", (_, stored, current, expected) => {
    expect(isCollectionRenamed(stored, current)).toBe(expected);
  });
});

describe("live photo names", () => {
  it.each<[string, string, string, { image: string; video: string }]>([
    ["IMG_1.HEIC", "heic", "mov", { image: "IMG_1.heic", video: "IMG_1.mov" }],
    ["IMG_1", "jpg", "mov", { image: "IMG_1.jpg", video: "IMG_1.mov" }],
    ["My trip.v2.HEIC", ".heic", ".MOV", { image: "My trip.v2.heic", video: "My trip.v2.MOV" }],
    ["", "heic", "mov", { image: "_.heic", video: "_.mov" }],
    ["IMG_1.HEIC", "", "mov", { image: "IMG_1", video: "IMG_1.mov" }],
  ])("%j with %j and %j → %j", (fileName, imageExtension, videoExtension, expected) => {
    expect(livePhotoPartNames(fileName, imageExtension, videoExtension)).toEqual(expected);
  });

  it.each<[string, string, string, string, string[], { image: string; video: string }]>([
    ["free names", "IMG_1.HEIC", "heic", "mov", [], { image: "IMG_1.heic", video: "IMG_1.mov" }],
    [
      "a taken image name",
      "IMG_1.HEIC",
      "heic",
      "mov",
      ["img_1.heic"],
      { image: "IMG_1(1).heic", video: "IMG_1.mov" },
    ],
    [
      "parts with one extension stay apart",
      "IMG_1.jpg",
      "jpg",
      "JPG",
      [],
      { image: "IMG_1.jpg", video: "IMG_1(1).JPG" },
    ],
    ["a sanitised title", "a/b.HEIC", "heic", "mov", [], { image: "a_b.heic", video: "a_b.mov" }],
  ])("%s", (_, fileName, imageExtension, videoExtension, taken, expected) => {
    expect(
      uniqueLivePhotoNames(fileName, imageExtension, videoExtension, takenExportNames(taken)),
    ).toEqual(expected);
  });
});
