import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collectionOperationOf } from "../../../shared/model/library/collection-operation";
import { CollectionOperation } from "../../../shared/model/library/collection-operation";
import { fixtureMediaDir } from "../../sync/test-support/library";
import { exifCreationTimeUsOf } from "./exif-creation-time";

const fixture = async (name: string) =>
  new Uint8Array(await readFile(path.join(fixtureMediaDir, name)));

const localUs = (...parts: [number, number, number, number, number, number]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]).getTime() * 1000;

describe("exifCreationTimeUsOf", () => {
  it.each([
    ["canon-dslr.jpg", localUs(2019, 10, 26, 16, 7, 24)],
    ["IMG_20180725_163423-tiny.jpg", localUs(2018, 7, 25, 16, 34, 23)],
    // XMP DateCreated (a bare date) wins over CreateDate and ModifyDate.
    ["Bush-dog.jpg", localUs(2003, 8, 30, 0, 0, 0)],
    ["png_with_exif_and_gps.png", localUs(2003, 12, 14, 12, 1, 44)],
    ["heic-iphone7.heic", localUs(2019, 10, 20, 18, 34, 30)],
    ["noexif.jpg", undefined],
  ])("%s", async (name, expected) => {
    expect(await exifCreationTimeUsOf(await fixture(name))).toBe(expected);
  });

  it("does not parse GIF or BMP, nor bytes that are no image", async () => {
    const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000");
    expect(await exifCreationTimeUsOf(gif)).toBeUndefined();
    expect(await exifCreationTimeUsOf(new TextEncoder().encode("BM...."))).toBeUndefined();
    expect(await exifCreationTimeUsOf(new Uint8Array([1, 2, 3, 4]))).toBeUndefined();
  });
});

describe("collection operation numbers", () => {
  it("match the gallery contract's", () => {
    for (const [name, value] of Object.entries(CollectionOperation)) {
      expect(collectionOperationOf(value)).toBe(name);
    }
  });
});
