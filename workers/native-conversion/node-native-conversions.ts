// The desktop app's native conversions in Node (an Electron utility process):
// sharp for JPEGs, the ffmpeg binary for MP4s. Either may be missing on a
// platform; the conversions it enables then answer `not-available`.

import { access, constants } from "node:fs/promises";
import type sharp from "sharp";
import type { NativeConversionResult, NativeConversions } from "./native-conversion-contract";
import { ffmpegMP4Conversion } from "./ffmpeg-mp4-conversion";
import { sharpJPEGConversion } from "./sharp-jpeg-conversion";

export interface NodeNativeConversionDeps {
  /** The ffmpeg binary, or undefined when this platform has none. */
  ffmpegPath: string | undefined;
  /** sharp, or undefined when it could not be loaded here. */
  sharp: typeof sharp | undefined;
}

const notAvailable = (message: string): Promise<NativeConversionResult> =>
  Promise.resolve({ ok: false, reason: "not-available", message });

// [Note: A conversion answers a plain Uint8Array]
//
// sharp and the ffmpeg pipe give Node Buffers. A Buffer is a Uint8Array to
// Node, but not to every serializer on the way to the page: Electron's
// structured clone turns it into a Uint8Array, while other relays (a test's
// browser bridge) see an object with numbered keys. The answer is therefore
// a plain Uint8Array view of the same bytes (no copy).

const plainBytes = async (
  answer: Promise<NativeConversionResult>,
): Promise<NativeConversionResult> => {
  const result = await answer;
  if (!result.ok || Object.getPrototypeOf(result.bytes) === Uint8Array.prototype) return result;
  const { buffer, byteOffset, byteLength } = result.bytes;
  return { ok: true, bytes: new Uint8Array(buffer, byteOffset, byteLength) };
};

/** The native conversions over `deps`. See: [Note: A conversion answers a plain Uint8Array] */
export const createNodeNativeConversions = (deps: NodeNativeConversionDeps): NativeConversions => {
  const toJPEG = deps.sharp === undefined ? undefined : sharpJPEGConversion(deps.sharp);
  const toMP4 = deps.ffmpegPath === undefined ? undefined : ffmpegMP4Conversion(deps.ffmpegPath);
  return {
    toJPEG: (image, fileName) =>
      toJPEG === undefined
        ? notAvailable("sharp is not available on this platform")
        : plainBytes(toJPEG(image, fileName)),
    toMP4: (video) =>
      toMP4 === undefined
        ? notAvailable("ffmpeg is not available on this platform")
        : plainBytes(toMP4(video)),
  };
};

/** An executable file at `path`, or undefined. */
const executableOrUndefined = async (path: string): Promise<string | undefined> => {
  try {
    await access(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
};

// [Note: The packaged app runs ffmpeg from outside its archive]
//
// In the packaged desktop app, node_modules sits inside app.asar, an archive
// Electron reads like a folder but the system cannot execute from; the
// packager unpacks native binaries into app.asar.unpacked beside it, while
// the installer package still reports the path inside the archive.

const unpackedFromArchive = (path: string): string =>
  path.replace(/app\.asar([\\/])/, "app.asar.unpacked$1");

/**
 * The deps from the npm packages: `sharp` and the binary of
 * `@ffmpeg-installer/ffmpeg`. A package without a build for this platform
 * (the installer throws a string then) or a binary that is not executable
 * leaves its dep undefined.
 * See: [Note: The packaged app runs ffmpeg from outside its archive]
 */
export const loadNodeNativeConversionDeps = async (): Promise<NodeNativeConversionDeps> => {
  const [sharpModule, ffmpegModule] = await Promise.allSettled([
    import("sharp"),
    import("@ffmpeg-installer/ffmpeg"),
  ]);
  const ffmpegPath =
    ffmpegModule.status === "fulfilled"
      ? await executableOrUndefined(unpackedFromArchive(ffmpegModule.value.default.path))
      : undefined;
  return {
    ffmpegPath,
    sharp: sharpModule.status === "fulfilled" ? sharpModule.value.default : undefined,
  };
};
