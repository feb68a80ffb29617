// The desktop app's native conversions (spec §6, §9): images the browser
// cannot show (HEIC/HEIF, TIFF, RAW, PSD) to JPEG and videos it cannot play
// to MP4, by native tools in an Electron utility process. The web path (the
// media worker's WebAssembly codecs) stays the fallback.

/** What a native conversion answers. */
export type NativeConversionResult =
  | { ok: true; bytes: Uint8Array }
  /**
   * `not-available`: this platform's native tools cannot do this kind of
   * conversion at all (remembered, and not asked again); `failed`: they can,
   * but not for this file.
   */
  | { ok: false; reason: "not-available" | "failed"; message: string };

export interface NativeConversions {
  /** A JPEG of `image` (its name tells its kind when its bytes do not). */
  toJPEG(image: Uint8Array, fileName: string): Promise<NativeConversionResult>;
  /** An MP4 (H.264/AAC) of `video` that a browser plays. */
  toMP4(video: Uint8Array, fileName: string): Promise<NativeConversionResult>;
}
