import { describe, expect, it } from "vitest";
import { exifDateToLocalTimeUs } from "./exif-dates";
import { type ExifBlocks, exifFieldsOf, exifLocation, exifSize } from "./exif-fields";

const localUs = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  exifDateToLocalTimeUs({ year, month, day, hour, minute, second });

describe("exifLocation", () => {
  const prague = { latitude: 50 + 17 / 60 + 58.57 / 3600, longitude: 14 + 49 / 60 + 13.06 / 3600 };

  it.each([
    ["north and east", "N", "E", prague.latitude, prague.longitude],
    ["south", "S", "E", -prague.latitude, prague.longitude],
    ["west", "N", "W", prague.latitude, -prague.longitude],
    ["south and west", "S", "W", -prague.latitude, -prague.longitude],
    ["references in lower case, padded", " s ", "w\u0000", -prague.latitude, prague.longitude],
    ["no references (north and east)", undefined, undefined, prague.latitude, prague.longitude],
    ["unknown references (north and east)", "X", "?", prague.latitude, prague.longitude],
  ])("reads %s", (_, latitudeRef, longitudeRef, latitude, longitude) => {
    const location = exifLocation({
      GPSLatitude: [50, 17, 58.57],
      GPSLatitudeRef: latitudeRef,
      GPSLongitude: [14, 49, 13.06],
      GPSLongitudeRef: longitudeRef,
    });
    expect(location?.latitude).toBeCloseTo(latitude, 12);
    expect(location?.longitude).toBeCloseTo(longitude, 12);
  });

  it.each([
    [
      "decimal degrees in the degrees part",
      [50.299603, 0, 0],
      [14.820294, 0, 0],
      50.299603,
      14.820294,
    ],
    ["decimal minutes", [38, 2.7985, 0], [12, 59.6647, 0], 38 + 2.7985 / 60, 12 + 59.6647 / 60],
    ["the equator", [0, 0, 0], [32, 30, 0], 0, 32.5],
    ["the prime meridian", [51, 28, 40.1], [0, 0, 0], 51 + 28 / 60 + 40.1 / 3600, 0],
    ["the poles' and the antimeridian's edges", [90, 0, 0], [180, 0, 0], 90, 180],
  ])("reads %s", (_, GPSLatitude, GPSLongitude, latitude, longitude) => {
    const location = exifLocation({ GPSLatitude, GPSLongitude });
    expect(location?.latitude).toBeCloseTo(latitude, 12);
    expect(location?.longitude).toBeCloseTo(longitude, 12);
  });

  it.each<[string, Record<string, unknown> | undefined]>([
    ["no GPS block", undefined],
    ["an empty GPS block (broken1.jpg)", { GPSVersionID: Uint8Array.of(2, 2, 0, 0) }],
    ["a latitude without longitude", { GPSLatitude: [50, 17, 58.57], GPSLatitudeRef: "N" }],
    ["a longitude without latitude", { GPSLongitude: [14, 49, 13.06] }],
    ["two-part arrays", { GPSLatitude: [50, 17.976], GPSLongitude: [14, 49.2177] }],
    ["a two-part latitude", { GPSLatitude: [50, 17.976], GPSLongitude: [14, 49, 13.06] }],
    ["four-part arrays", { GPSLatitude: [50, 17, 58, 0], GPSLongitude: [14, 49, 13, 0] }],
    ["decimal numbers", { GPSLatitude: 50.2996, GPSLongitude: 14.8203 }],
    ["XMP-style strings", { GPSLatitude: "50,17.976N", GPSLongitude: "14,49.2177E" }],
    ["empty arrays", { GPSLatitude: [], GPSLongitude: [] }],
    [
      "a part that is not a number",
      { GPSLatitude: [50, "17", 58.57], GPSLongitude: [14, 49, 13.06] },
    ],
    [
      "a part that is not finite",
      { GPSLatitude: [50, 17, Number.NaN], GPSLongitude: [14, 49, 13.06] },
    ],
    ["a negative part", { GPSLatitude: [-50, 17, 58.57], GPSLongitude: [14, 49, 13.06] }],
    ["60 minutes", { GPSLatitude: [50, 60, 0], GPSLongitude: [14, 49, 13.06] }],
    ["60 seconds", { GPSLatitude: [50, 17, 60], GPSLongitude: [14, 49, 13.06] }],
    ["a latitude beyond 90°", { GPSLatitude: [90, 0, 1], GPSLongitude: [14, 49, 13.06] }],
    ["a longitude beyond 180°", { GPSLatitude: [50, 17, 58.57], GPSLongitude: [181, 0, 0] }],
    [
      "0,0, a phone's 'no fix', whatever the references",
      {
        GPSLatitude: [0, 0, 0],
        GPSLatitudeRef: "S",
        GPSLongitude: [0, 0, 0],
        GPSLongitudeRef: "W",
      },
    ],
  ])("gives no location for %s", (_, gps) => {
    expect(exifLocation(gps)).toBeUndefined();
  });
});

describe("exifSize", () => {
  it.each<[string, ExifBlocks, { widthPx: number; heightPx: number } | undefined]>([
    [
      "a PNG's IHDR before its EXIF and XMP (the PNG fixture)",
      {
        ihdr: { ImageWidth: 1, ImageHeight: 1 },
        exif: { ExifImageWidth: 2272, ExifImageHeight: 1704 },
        ifd0: { ImageWidth: 480, ImageLength: 360 },
      },
      { widthPx: 1, heightPx: 1 },
    ],
    [
      "EXIF PixelXDimension before IFD0 (broken1.jpg)",
      {
        exif: { ExifImageWidth: 3504, ExifImageHeight: 2336 },
        ifd0: { ImageWidth: 1728, ImageLength: 1152 },
      },
      { widthPx: 3504, heightPx: 2336 },
    ],
    [
      "XMP's exif:PixelXDimension",
      { exif: { PixelXDimension: 400, PixelYDimension: 398 } },
      { widthPx: 400, heightPx: 398 },
    ],
    [
      "IFD0 when there is nothing else",
      { ifd0: { ImageWidth: 4048, ImageHeight: 3036 } },
      { widthPx: 4048, heightPx: 3036 },
    ],
    [
      "XMP's tiff:ImageLength",
      { ifd0: { ImageWidth: 480, ImageLength: 360 } },
      { widthPx: 480, heightPx: 360 },
    ],
    [
      "numeric strings",
      { exif: { ExifImageWidth: "640", ExifImageHeight: " 480 " } },
      { widthPx: 640, heightPx: 480 },
    ],
    [
      "the next source when a width is words",
      {
        exif: { ExifImageWidth: "wide", ExifImageHeight: 2336 },
        ifd0: { ImageWidth: 1728, ImageHeight: 1152 },
      },
      { widthPx: 1728, heightPx: 1152 },
    ],
    [
      "the next source when a height is a fraction",
      {
        exif: { ExifImageWidth: 3504, ExifImageHeight: 2336.5 },
        ifd0: { ImageWidth: 1728, ImageHeight: 1152 },
      },
      { widthPx: 1728, heightPx: 1152 },
    ],
    [
      "not IFD0 when it holds a reduced-resolution preview",
      { ifd0: { SubfileType: 1, ImageWidth: 160, ImageHeight: 120 } },
      undefined,
    ],
    [
      "IFD0 when SubfileType says it is the full image",
      { ifd0: { SubfileType: 0, ImageWidth: 6000, ImageHeight: 4000 } },
      { widthPx: 6000, heightPx: 4000 },
    ],
    ["nothing for zero", { exif: { ExifImageWidth: 0, ExifImageHeight: 0 } }, undefined],
    [
      "nothing for negative numbers",
      { exif: { ExifImageWidth: -640, ExifImageHeight: -480 } },
      undefined,
    ],
    [
      "nothing for a damaged 0xFFFFFFFF",
      { exif: { ExifImageWidth: 0xffffffff, ExifImageHeight: 480 } },
      undefined,
    ],
    ["nothing for a width alone", { exif: { ExifImageWidth: 640 } }, undefined],
    ["nothing for arrays", { exif: { ExifImageWidth: [640], ExifImageHeight: [480] } }, undefined],
    ["nothing for NaN", { exif: { ExifImageWidth: Number.NaN, ExifImageHeight: 480 } }, undefined],
    ["nothing for a block that is not an object", { exif: "640x480" }, undefined],
  ])("takes %s", (_, blocks, expected) => {
    expect(exifSize(blocks)).toEqual(expected);
  });
});

describe("exifFieldsOf", () => {
  it.each<[string, ExifBlocks, number | undefined]>([
    [
      "DateTimeOriginal first",
      {
        exif: { DateTimeOriginal: "2001:01:01 01:01:01", CreateDate: "2002:02:02 02:02:02" },
        ifd0: { ModifyDate: "2003:03:03 03:03:03" },
      },
      localUs(2001, 1, 1, 1, 1, 1),
    ],
    [
      "DateCreated before CreateDate (Bush-dog.jpg: XMP photoshop:DateCreated)",
      {
        xmp: { CreateDate: "2003-09-05T16:30+02:00", MetadataDate: "2008-05-09T14:03:06+02:00" },
        photoshop: { DateCreated: "2003-08-30" },
        iptc: { DateCreated: "20030830" },
        ifd0: { ModifyDate: "2008:05:09 14:03:06" },
      },
      localUs(2003, 8, 30),
    ],
    [
      "IPTC's 8-character DateCreated as year, month, day",
      { iptc: { DateCreated: "20070815" }, ifd0: { ModifyDate: "2008:01:01 00:00:00" } },
      localUs(2007, 8, 15),
    ],
    [
      "XMP's DateCreated, which has a time, before IPTC's, which has none",
      {
        photoshop: { DateCreated: "2007-08-15T10:13:13+01:00" },
        iptc: { DateCreated: "20070815" },
      },
      localUs(2007, 8, 15, 10, 13, 13),
    ],
    [
      "CreateDate from XMP (issue-exifr-4.jpg)",
      { xmp: { CreateDate: "2019-03-22T12:33:04", MetadataDate: "2019-03-27T22:14:04-07:00" } },
      localUs(2019, 3, 22, 12, 33, 4),
    ],
    [
      "MetadataDate before ModifyDate",
      { xmp: { MetadataDate: "2010:10:10 10:10:10", ModifyDate: "2011:11:11 11:11:11" } },
      localUs(2010, 10, 10, 10, 10, 10),
    ],
    [
      "ModifyDate last",
      { ifd0: { ModifyDate: "2011:11:11 11:11:11" } },
      localUs(2011, 11, 11, 11, 11, 11),
    ],
    [
      "the next tag when DateTimeOriginal is invalid",
      { exif: { DateTimeOriginal: "0000:00:00 00:00:00", CreateDate: "2002:02:02 02:02:02" } },
      localUs(2002, 2, 2, 2, 2, 2),
    ],
    [
      "the same tag in XMP when EXIF's is invalid",
      {
        exif: { DateTimeOriginal: "2019:13:45 10:00:00" },
        xmp: { DateTimeOriginal: "2019-06-01T10:00:00" },
      },
      localUs(2019, 6, 1, 10, 0, 0),
    ],
    [
      "nothing when every date is invalid",
      {
        exif: { DateTimeOriginal: "    :  :     :  :  ", CreateDate: "2019:02:29 10:00:00" },
        ifd0: { ModifyDate: "" },
      },
      undefined,
    ],
    [
      "nothing for dates that are not strings",
      { exif: { DateTimeOriginal: 20190601, CreateDate: ["2019:06:01"] } },
      undefined,
    ],
    [
      "nothing from tags outside the preference",
      { exif: { DateTimeDigitized: "2019:06:01 10:00:00" }, gps: { GPSDateStamp: "2019:06:01" } },
      undefined,
    ],
  ])("creation time: %s", (_, blocks, expected) => {
    expect(exifFieldsOf(blocks).creationTimeUs).toBe(expected);
  });

  it.each<[string, ExifBlocks, string | undefined]>([
    [
      "XMP dc:description first",
      {
        dc: { description: { lang: "x-default", value: "From XMP" } },
        iptc: { Caption: "From IPTC" },
        ifd0: { ImageDescription: "From EXIF" },
      },
      "From XMP",
    ],
    [
      "the x-default of several languages",
      {
        dc: {
          description: [
            { lang: "fr-FR", value: "Le chien" },
            { lang: "x-default", value: "The dog" },
          ],
        },
      },
      "The dog",
    ],
    [
      "the first language when none is x-default",
      { dc: { description: [{ lang: "de", value: "Der Hund" }] } },
      "Der Hund",
    ],
    ["a plain XMP string", { dc: { description: "  Sunset at the pier  " } }, "Sunset at the pier"],
    [
      "IPTC when XMP has none",
      { iptc: { Caption: "From IPTC" }, ifd0: { ImageDescription: "From EXIF" } },
      "From IPTC",
    ],
    [
      "EXIF last, NUL padding removed",
      { ifd0: { ImageDescription: "Grandma's garden\u0000\u0000" } },
      "Grandma's garden",
    ],
    [
      "not a camera's placeholder",
      { ifd0: { ImageDescription: "OLYMPUS DIGITAL CAMERA         " } },
      undefined,
    ],
    ["not a placeholder whatever its case", { ifd0: { ImageDescription: "sony dsc" } }, undefined],
    [
      "the next source after a placeholder",
      {
        dc: { description: { lang: "x-default", value: "SONY DSC" } },
        iptc: { Caption: "Our first snow" },
      },
      "Our first snow",
    ],
    [
      "nothing for blank text",
      {
        dc: { description: { lang: "x-default", value: "   " } },
        ifd0: { ImageDescription: "\u0000" },
      },
      undefined,
    ],
    ["nothing for a number", { ifd0: { ImageDescription: 42 } }, undefined],
  ])("caption: %s", (_, blocks, expected) => {
    expect(exifFieldsOf(blocks).caption).toBe(expected);
  });

  it.each<[unknown, number | undefined]>([
    [1, 1],
    [6, 6],
    [8, 8],
    [0, undefined],
    [9, undefined],
    [6.5, undefined],
    ["Rotate 90 CW", undefined],
    [undefined, undefined],
  ])("orientation %j gives %j", (Orientation, expected) => {
    expect(exifFieldsOf({ ifd0: { Orientation } }).orientation).toBe(expected);
  });

  it.each<
    [string, ExifBlocks, Pick<ReturnType<typeof exifFieldsOf>, "cameraMake" | "cameraModel">]
  >([
    [
      "make and model",
      { ifd0: { Make: "Canon", Model: "Canon EOS 1300D" } },
      { cameraMake: "Canon", cameraModel: "Canon EOS 1300D" },
    ],
    [
      "padded with NULs and spaces",
      { ifd0: { Make: "OLYMPUS IMAGING CORP.  \u0000", Model: "E-M10\u0000" } },
      { cameraMake: "OLYMPUS IMAGING CORP.", cameraModel: "E-M10" },
    ],
    ["blank ones absent", { ifd0: { Make: "   ", Model: 7 } }, {}],
  ])("camera: %s", (_, blocks, expected) => {
    const { cameraMake, cameraModel } = exifFieldsOf(blocks);
    expect({ cameraMake, cameraModel }).toEqual({
      cameraMake: undefined,
      cameraModel: undefined,
      ...expected,
    });
  });

  it("gathers every field, and leaves out those it has no value for", () => {
    expect(
      exifFieldsOf({
        ifd0: { Make: "Google", Model: "Pixel", Orientation: 1, ModifyDate: "2018:07:25 16:34:23" },
        exif: {
          DateTimeOriginal: "2018:07:25 16:34:23",
          ExifImageWidth: 4048,
          ExifImageHeight: 3036,
        },
        gps: {
          GPSLatitudeRef: "N",
          GPSLatitude: [50, 17, 58.57],
          GPSLongitudeRef: "E",
          GPSLongitude: [14, 49, 13.06],
        },
      }),
    ).toEqual({
      creationTimeUs: localUs(2018, 7, 25, 16, 34, 23),
      latitude: 50 + 17 / 60 + 58.57 / 3600,
      longitude: 14 + 49 / 60 + 13.06 / 3600,
      widthPx: 4048,
      heightPx: 3036,
      cameraMake: "Google",
      cameraModel: "Pixel",
      orientation: 1,
    });
    expect(exifFieldsOf({ ifd0: { Software: "GIMP" } })).toEqual({});
    expect(exifFieldsOf(undefined)).toEqual({});
    expect(exifFieldsOf({})).toEqual({});
  });
});
