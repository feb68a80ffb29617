// exifr's HEIF/AVIF parser, mended where it reads the location of the Exif
// item (`iloc` box, ISO/IEC 14496-12 §8.11.3). Installed once, before the
// first HEIF read.

import exifr from "exifr";

/**
 * [Note: HEIF item locations add the base offset]
 *
 * An item's bytes start at its `base_offset` plus its extent's
 * `extent_offset`. Apple's HEICs write the whole position in the extent
 * offset with no base offset, but libheif (heif-enc, GIMP, darktable,
 * many Android phones' converters) writes it in the base offset with an
 * extent offset of 0. exifr 7 skips the base offset, so for those files it
 * reads the Exif from byte 0 and finds nothing: the photo lost its date and
 * place. The mended reader adds it, reads fields of any size the box
 * declares (0 meaning absent), and gives no location for an item stored in
 * the `idat` box (construction method 1), which exifr never reads.
 */

/** The parts of exifr's HEIF parser (`src/file-parsers/heif.mjs`) the mend uses. */
interface IsoBmffBox {
  start: number;
  version?: number;
}
interface HeifParserFile {
  getUint8(offset: number): number;
  getUint16(offset: number): number;
  getUint32(offset: number): number;
}
interface HeifParser {
  file: HeifParserFile;
  parseBoxFullHead(box: IsoBmffBox): void;
}
type HeifParserClass = new (...args: never[]) => object;

/** Construction method 0: the item is in the file at its offsets. */
const fileOffsetMethod = 0;

/** An unsigned big-endian field of 0, 4 or 8 bytes (ISO field sizes), 0 when absent. */
const readSized = (file: HeifParserFile, offset: number, sizeBytes: number): number => {
  switch (sizeBytes) {
    case 0:
      return 0;
    // 1 and 2 are outside the standard; some writers use them anyway.
    case 1:
      return file.getUint8(offset);
    case 2:
      return file.getUint16(offset);
    case 4:
      return file.getUint32(offset);
    case 8:
      // Offsets past 2^53 are no real file's: the high half only scales.
      return file.getUint32(offset) * 2 ** 32 + file.getUint32(offset + 4);
    default:
      throw new RangeError(`An iloc field of ${String(sizeBytes)} bytes`);
  }
};

/** The [offset, length] of an item in the file, or undefined when it has none there. */
export function itemExtentInIloc(
  this: HeifParser,
  box: IsoBmffBox,
  wantedItemID: number,
): [number, number] | undefined {
  this.parseBoxFullHead(box);
  const { file } = this;
  const version = box.version ?? 0;
  let offset = box.start;
  const sizes = file.getUint8(offset);
  const moreSizes = file.getUint8(offset + 1);
  offset += 2;
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const baseOffsetSize = moreSizes >> 4;
  // index_size exists in versions 1 and 2; in version 0 these bits are reserved.
  const indexSize = version === 1 || version === 2 ? moreSizes & 0xf : 0;
  const itemIDSize = version === 2 ? 4 : 2;
  const itemCount = version === 2 ? file.getUint32(offset) : file.getUint16(offset);
  offset += version === 2 ? 4 : 2;
  for (let item = 0; item < itemCount; item += 1) {
    const itemID = itemIDSize === 4 ? file.getUint32(offset) : file.getUint16(offset);
    offset += itemIDSize;
    let constructionMethod = fileOffsetMethod;
    if (version === 1 || version === 2) {
      constructionMethod = file.getUint16(offset) & 0xf;
      offset += 2;
    }
    offset += 2; // data_reference_index
    const baseOffset = readSized(file, offset, baseOffsetSize);
    offset += baseOffsetSize;
    const extentCount = file.getUint16(offset);
    offset += 2;
    if (itemID === wantedItemID) {
      if (constructionMethod !== fileOffsetMethod || extentCount === 0) return undefined;
      const extentOffset = readSized(file, offset + indexSize, offsetSize);
      const extentLength = readSized(file, offset + indexSize + offsetSize, lengthSize);
      return [baseOffset + extentOffset, extentLength];
    }
    offset += extentCount * (indexSize + offsetSize + lengthSize);
  }
  return undefined;
}

let installed = false;

/** Replaces exifr's HEIC and AVIF parsers by ones with the mended reader (once). */
export const installHeifItemOffsetMend = (): void => {
  if (installed) return;
  for (const type of ["heic", "avif"]) {
    const Parser = exifr.fileParsers.get(type) as HeifParserClass | undefined;
    if (Parser === undefined) throw new Error(`exifr's ${type} parser is not loaded`);
    class MendedHeifParser extends Parser {
      findExtentInIloc(box: IsoBmffBox, wantedItemID: number) {
        return itemExtentInIloc.call(this as unknown as HeifParser, box, wantedItemID);
      }
    }
    exifr.fileParsers.set(type, MendedHeifParser);
  }
  installed = true;
};
