// A tiny PMTiles archive for tests: version 3 of the spec
// (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md), one tile
// at zoom 0, nothing compressed. Laid out as the spec's header (127 bytes),
// the root directory, the JSON metadata and the tile data.

/** A 1×1 transparent PNG. */
export const onePixelPNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The spec's tile types. */
export const pmtilesTileTypes = { mvt: 1, png: 2, jpeg: 3, webp: 4 } as const;

const headerSizeBytes = 127;

const varint = (value: number): number[] => {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
};

export interface TinyPMTilesOptions {
  /** The header's tile type (`pmtilesTileTypes`); png by default. */
  tileType?: number;
  /** The tile at 0/0/0; a 1×1 PNG by default. */
  tile?: Uint8Array;
  minZoom?: number;
  maxZoom?: number;
  /** The spec version byte; 3 by default. */
  specVersion?: number;
  /** The header's tile compression: 1 none (default), 2 gzip, 3 brotli, 4 zstd. */
  tileCompression?: number;
}

/** The bytes of a PMTiles archive holding one tile, at 0/0/0. */
export const tinyPMTiles = ({
  tileType = pmtilesTileTypes.png,
  tile = onePixelPNG,
  minZoom = 0,
  maxZoom = 0,
  specVersion = 3,
  tileCompression = 1,
}: TinyPMTilesOptions = {}): Buffer => {
  // One entry: tile ID 0 (z0/0/0), run length 1, the tile's length, offset 0
  // (written plus one, as the spec's directory encoding has it).
  const rootDirectory = Buffer.from([...varint(1), 0, 1, ...varint(tile.length), 1]);
  const metadata = Buffer.from("{}");
  const rootOffset = headerSizeBytes;
  const metadataOffset = rootOffset + rootDirectory.length;
  const tileOffset = metadataOffset + metadata.length;

  const header = Buffer.alloc(headerSizeBytes);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(specVersion, 7);
  const uint64s = [
    rootOffset,
    rootDirectory.length,
    metadataOffset,
    metadata.length,
    // No leaf directories.
    tileOffset,
    0,
    tileOffset,
    tile.length,
    // Addressed tiles, tile entries, tile contents.
    1,
    1,
    1,
  ];
  uint64s.forEach((value, index) => header.writeBigUInt64LE(BigInt(value), 8 + index * 8));
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(tileCompression, 98);
  header.writeUInt8(tileType, 99);
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(maxZoom, 101);
  // Bounds: the whole Web Mercator world, in 1e-7 degrees; centred at 0,0.
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, rootDirectory, metadata, tile]);
};
