import { open } from "node:fs/promises";
import { type Header, PMTiles, type Source } from "pmtiles";

// Reading a PMTiles archive's header on the server, with the same `pmtiles`
// package the photos app reads it with (through ol-pmtiles), so what the
// server accepts at start is what the app can draw.

/** A `pmtiles` source over an open file: the byte ranges the reader asks for, read from disk. */
const fileSource = (
  file: string,
  read: (into: Uint8Array, offset: number) => Promise<number>,
): Source => ({
  getKey: () => file,
  getBytes: async (offset, length) => {
    const bytes = new Uint8Array(length);
    const bytesRead = await read(bytes, offset);
    // Shorter at the end of the file, as an HTTP range past the end is.
    return { data: bytes.buffer.slice(0, bytesRead) };
  },
});

/**
 * The header of the PMTiles archive `file`. Rejects when the file cannot be
 * read or is not a PMTiles archive (the reader checks the magic number, the
 * spec version and decodes the root directory).
 */
export const readPMTilesHeader = async (file: string): Promise<Header> => {
  const handle = await open(file, "r");
  try {
    const source = fileSource(file, async (into, offset) => {
      const { bytesRead } = await handle.read(into, 0, into.length, offset);
      return bytesRead;
    });
    return await new PMTiles(source).getHeader();
  } finally {
    await handle.close();
  }
};
