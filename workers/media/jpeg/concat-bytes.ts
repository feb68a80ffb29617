// Joining byte arrays, for the JPEG edited-time step: the EXIF it writes is built
// from parts, and the head it holds back is kept as the download's chunks.

/** `parts` in order, as one new array. */
export const concatBytes = (parts: readonly Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};
