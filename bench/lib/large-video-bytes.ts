// The size of a bench's large generated video from the environment:
// `CAIRN_BENCH_LARGE_VIDEO_BYTES=N` (0 skips the pass that uses it).

/** The size the environment asks for; undefined when it names none. */
export const largeVideoBytesFromEnvironment = (): number | undefined => {
  const value = process.env.CAIRN_BENCH_LARGE_VIDEO_BYTES;
  if (value === undefined || value === "") return undefined;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 0) {
    throw new Error(`CAIRN_BENCH_LARGE_VIDEO_BYTES must be a whole number of bytes, not ${value}`);
  }
  return bytes;
};
