// Native first, the web path as the fallback (pure: the conversions are
// given). See: [Note: A conversion reported not-available is not asked again]

import { extensionOf } from "../../shared/model/media/file-kinds";
import type { NativeConversionResult } from "./native-conversion-contract";

// [Note: A conversion reported not-available is not asked again]
//
// On the desktop, a conversion is asked of the native tools first, and the
// web path (the media worker's WebAssembly codecs) converts what they
// cannot (the product spec: "a conversion reported not-available is remembered and
// skipped afterwards"). The answers differ in what they say about the next
// file:
// - `not-available`: the platform cannot do this conversion for this kind
//   of file at all (no ffmpeg, no HEVC decoder). The pair (conversion, file
//   kind) is remembered and native is not asked again for it, so a library
//   of HEIC photos does not make one useless round trip per photo.
// - `failed`: native can, but not this file (damaged, timed out). The web
//   path tries this file; the next file of the kind is still asked natively.
//   A native call that throws (the utility process went away) counts as
//   `failed`: the next call may reach a restarted process.
// - ok: native's bytes are the answer.
// The kind is the file's lower-case extension unless the caller knows
// better (the bytes: a HEIC named `.jpg` should not make every JPEG skip the
// native path), through `fileKindOf`. The memory lives as long as the
// `UnavailableConversions` the caller keeps, a session's worker typically.

export type ConversionKind = "jpeg" | "mp4";

/** The (conversion, file kind) pairs native reported not-available. See: [Note: A conversion reported not-available is not asked again] */
export interface UnavailableConversions {
  has(conversion: ConversionKind, fileKind: string): boolean;
  remember(conversion: ConversionKind, fileKind: string): void;
}

export const createUnavailableConversions = (): UnavailableConversions => {
  const pairs = new Set<string>();
  const key = (conversion: ConversionKind, fileKind: string) => `${conversion}:${fileKind}`;
  return {
    has: (conversion, fileKind) => pairs.has(key(conversion, fileKind)),
    remember: (conversion, fileKind) => {
      pairs.add(key(conversion, fileKind));
    },
  };
};

export type NativeConverter = (
  bytes: Uint8Array,
  fileName: string,
) => Promise<NativeConversionResult>;
export type Converter = (bytes: Uint8Array, fileName: string) => Promise<Uint8Array>;

export interface PreferNativeOptions {
  conversion: ConversionKind;
  native: NativeConverter;
  web: Converter;
  remembered: UnavailableConversions;
  /** The kind a file is remembered under; its lower-case extension by default. */
  fileKindOf?: (bytes: Uint8Array, fileName: string) => string;
}

/**
 * A converter that asks `native` first and `web` when native cannot.
 * See: [Note: A conversion reported not-available is not asked again]
 */
export const preferNative = ({
  conversion,
  native,
  web,
  remembered,
  fileKindOf = (_bytes, fileName) => extensionOf(fileName),
}: PreferNativeOptions): Converter => {
  return async (bytes, fileName) => {
    const fileKind = fileKindOf(bytes, fileName);
    if (remembered.has(conversion, fileKind)) return web(bytes, fileName);
    const answer = await native(bytes, fileName).catch((): NativeConversionResult => ({
      ok: false,
      reason: "failed",
      message: "native call threw",
    }));
    if (answer.ok) return answer.bytes;
    if (answer.reason === "not-available") remembered.remember(conversion, fileKind);
    return web(bytes, fileName);
  };
};
