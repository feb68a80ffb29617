// The EXIF, XMP and IPTC fields of an image an upload keeps (spec §3 "EXIF
// read", §5), parsed with exifr in the media worker from as little of the
// file as the tags need, never from the whole of a large file.

import exifr from "exifr";
import { FileType } from "../../../shared/model/library/file-metadata";
import {
  type ExifBlocks,
  type ExifFields,
  exifFieldsOf,
} from "../../../shared/model/media/exif-fields";
import type { MediaFileKind } from "../../../shared/model/media/file-kinds";
import { installHeifItemOffsetMend } from "./exifr-heif-item-offsets";

// [Note: Tags are read from the file in pieces]
//
// exifr can read a Blob in pieces (`chunked`), but only where `navigator`
// exists and through `FileReader`: under Node (unit tests, an Electron
// utility process) it refuses a Blob outright. So the media worker gives
// exifr its own chunked Blob reader, built on exifr's (`fileReaders`,
// "blob"), that reads each piece with `Blob.slice().arrayBuffer()`, which
// every runtime has. Containers differ in how far their tags may be:
// - JPEG keeps its metadata segments before the image data, and HEIF/AVIF
//   says in its `meta` box where its Exif item is; exifr's parsers for both
//   ask for exactly those bytes. They are read in pieces: a first 64 KiB,
//   then 64 KiB pieces where the segments continue (at most
//   `maxFollowingPieces`), or the ranges the `meta` box points to.
// - PNG may put its eXIf chunk after the image data (the PNG fixture does),
//   and TIFF (and the raw formats built on it) may put its tag tables
//   anywhere; exifr's parsers for these look only at bytes already read and
//   do not ask for more (its TIFF parser would read a GPS table from memory
//   it never filled). They are read in one piece: the whole file up to
//   `wholeReadLimitBytes`, else only its first `headWindowBytes`, where the
//   header and the tags written before the image data are.
// Any other container (WebP, GIF, BMP, PSD, RAF, …) is one exifr does not
// parse, or the spec excludes: nothing of it is read past its signature.
// (An ISO-BMFF file that is not HEIF, such as a CR3, costs exifr's first
// piece before exifr says so.) A length in a damaged file never makes the
// reader take more than `maxPieceBytes` at once.

/** exifr's first piece of a JPEG or HEIF: metadata segments and the `meta` box usually fit. */
const firstPieceBytes = 64 * 1024;
/** Further JPEG pieces: an APP segment is at most 64 KiB. */
const pieceBytes = 64 * 1024;
/** 15 more pieces make 1 MiB, past the metadata segments of any camera's JPEG. */
const maxFollowingPieces = 15;
/** Far above real metadata (an EXIF segment is at most 64 KiB, a `meta` box tens of KiB). */
const maxPieceBytes = 16 * 1024 * 1024;
/**
 * PNG and TIFF files up to this size are read whole for their tags: it
 * covers screenshots, scans and the raw files of today's cameras (20 to
 * 60 MB), while four upload lanes at once hold at most 256 MiB for it.
 */
const wholeReadLimitBytes = 64 * 1024 * 1024;
/** What is read of a larger PNG or TIFF: its header and the tags written before the pixels. */
const headWindowBytes = 1024 * 1024;
/** Bytes that tell the container: a TIFF or PNG signature, or ISO-BMFF's `ftyp` at offset 4. */
const signatureBytes = 12;

/** The exifr options every read uses. */
const exifrOptions = {
  // TIFF blocks: IFD0 (camera, orientation, size), EXIF (dates, size), GPS.
  tiff: true,
  exif: true,
  gps: true,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  xmp: true,
  iptc: true,
  ihdr: true,
  icc: false,
  jfif: false,
  // Tag names, but raw values: spec §5's rules read the strings and arrays
  // themselves (see: [Note: EXIF dates are read from raw strings, as local time]).
  translateKeys: true,
  translateValues: false,
  reviveValues: false,
  // One block per source: their sizes and dates disagree, and the rules pick.
  // See: [Note: Which tags give a photo's size]
  mergeOutput: false,
  // exifr's `silentErrors` (on by default) keeps the blocks that parsed when another is damaged.
} as const;

const chunkedOptions = {
  ...exifrOptions,
  chunked: true,
  firstChunkSize: firstPieceBytes,
  chunkSize: pieceBytes,
  chunkLimit: maxFollowingPieces,
} as const;

type Container = "jpeg" | "isobmff" | "png" | "tiff";

const containerOf = (bytes: Uint8Array): Container | undefined => {
  const ascii = (start: number, length: number) =>
    String.fromCharCode(...bytes.subarray(start, start + length));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "jpeg";
  if (bytes[0] === 0x89 && ascii(1, 3) === "PNG") return "png";
  // exifr's TIFF parser takes any file opening with a byte order mark
  // ("II", "MM"): TIFF, DNG, NEF, ARW, CR2, and ORF's and RW2's variants.
  if (ascii(0, 2) === "II" || ascii(0, 2) === "MM") return "tiff";
  if (ascii(4, 4) === "ftyp") return "isobmff";
  return undefined;
};

// exifr's typings declare neither its reader classes nor the `file` its
// parser reads from; these are the parts of exifr 7 used here.
// See: [Note: Tags are read from the file in pieces]

interface ExifrChunkedReader {
  readonly input: Blob;
  chunked: boolean;
  read(): Promise<void>;
  readWhole(): Promise<void>;
  _readChunk(offset: number, length: number | undefined): Promise<unknown>;
  _swapArrayBuffer(bytes: ArrayBuffer): void;
  set(bytes: ArrayBuffer, offset: number, canExtend: boolean): unknown;
}
type ExifrChunkedReaderClass = new (input: Blob, options: unknown) => ExifrChunkedReader;

interface ExifrParser {
  readonly options: unknown;
  file: ExifrChunkedReader | undefined;
  parse(): Promise<unknown>;
}
// The typings give the default export's `Exifr` the instance type; it is the class.
const ExifrParserClass = exifr.Exifr as unknown as new (options: object) => ExifrParser;

/** A piece of a damaged file claimed more bytes than any real metadata holds. */
class ExifPieceTooLargeError extends RangeError {
  override readonly name = "ExifPieceTooLargeError";
}

let blobSliceReaderClass: ExifrChunkedReaderClass | undefined;

/** exifr's chunked Blob reader, reading with `Blob.slice` (made once, on first use). */
const blobSliceReader = (): ExifrChunkedReaderClass => {
  if (blobSliceReaderClass !== undefined) return blobSliceReaderClass;
  const exifrBlobReader = exifr.fileReaders.get("blob") as ExifrChunkedReaderClass | undefined;
  if (exifrBlobReader === undefined) throw new Error("exifr's Blob reader is not loaded");
  const guard = (lengthBytes: number) => {
    if (lengthBytes > maxPieceBytes) {
      throw new ExifPieceTooLargeError(`A tag read of ${String(lengthBytes)} bytes`);
    }
  };
  class BlobSliceReader extends exifrBlobReader {
    override async readWhole(): Promise<void> {
      guard(this.input.size);
      this.chunked = false;
      this._swapArrayBuffer(await this.input.arrayBuffer());
    }

    override async _readChunk(offset: number, length: number | undefined): Promise<unknown> {
      const end =
        length === undefined ? this.input.size : Math.min(offset + length, this.input.size);
      guard(end - offset);
      const bytes = await this.input.slice(offset, end).arrayBuffer();
      return this.set(bytes, offset, true);
    }
  }
  blobSliceReaderClass = BlobSliceReader;
  return BlobSliceReader;
};

const isBlocks = (output: unknown): output is ExifBlocks =>
  typeof output === "object" && output !== null && !Array.isArray(output);

const parseInPieces = async (file: Blob, Reader: ExifrChunkedReaderClass): Promise<unknown> => {
  const parser = new ExifrParserClass(chunkedOptions);
  const reader = new Reader(file, parser.options);
  await reader.read();
  parser.file = reader;
  return parser.parse();
};

const parseInOnePiece = async (file: Blob): Promise<unknown> => {
  const windowBytes = file.size <= wholeReadLimitBytes ? file.size : headWindowBytes;
  const bytes = new Uint8Array(await file.slice(0, windowBytes).arrayBuffer());
  return exifr.parse(bytes, exifrOptions) as Promise<unknown>;
};

/**
 * The fields an upload keeps of an image's tags (spec §5). Videos, and GIF
 * and BMP images (spec §5), give none without a byte read; a file exifr
 * cannot parse, or a damaged one, gives what could be read, often nothing,
 * and never an error. See: [Note: Tags are read from the file in pieces]
 */
export const readExif = async (
  file: Blob,
  kind: Pick<MediaFileKind, "fileType" | "mimeType">,
): Promise<ExifFields> => {
  if (kind.fileType !== FileType.image) return {};
  const mimeType = kind.mimeType.toLowerCase();
  if (mimeType === "image/gif" || mimeType === "image/bmp") return {};
  const container = containerOf(new Uint8Array(await file.slice(0, signatureBytes).arrayBuffer()));
  if (container === undefined) return {};
  const inPieces = container === "jpeg" || container === "isobmff";
  // Outside the `try`: a missing reader is this module's fault, not the file's.
  const Reader = inPieces ? blobSliceReader() : undefined;
  // See: [Note: HEIF item locations add the base offset]
  if (container === "isobmff") installHeifItemOffsetMend();
  let output: unknown;
  try {
    output = Reader === undefined ? await parseInOnePiece(file) : await parseInPieces(file, Reader);
  } catch {
    // Not a container exifr knows after all (a CR3 is ISO-BMFF but not
    // HEIF), or tags too damaged to parse: no fields.
    return {};
  }
  return exifFieldsOf(isBlocks(output) ? output : undefined);
};
