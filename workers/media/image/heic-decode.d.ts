// heic-decode ships no types; this declares the part the media worker uses.
declare module "heic-decode" {
  interface DecodedHEIC {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, row after row. */
    data: Uint8ClampedArray<ArrayBuffer>;
  }

  /** Decodes the first top-level image of a HEIF file (rejects anything else). */
  export default function decode(input: { buffer: Uint8Array }): Promise<DecodedHEIC>;
}
