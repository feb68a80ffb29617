// The viewer's MP4 of a video the browser cannot play, in the desktop app:
// the native conversion's (spec §6). There is no web path for videos, so a
// platform without one answers undefined, and remembers it.
// See: [Note: A conversion reported not-available is not asked again]

import { extensionOf } from "../../shared/model/media/file-kinds";
import type { PlayableVideoConverter } from "../gallery/media/gallery-media";
import { FileConversionFailedError } from "../media/image/file-conversion-error";
import type { UnavailableConversions } from "./conversion-preference";
import type { NativeConversionResult, NativeConversions } from "./native-conversion-contract";

/**
 * Converts through `native.toMP4`: the MP4, undefined when native cannot
 * convert this kind at all, a FileConversionFailedError when it failed on
 * this file.
 */
export const playableVideoFromNative = ({
  native,
  remembered,
}: {
  native: Pick<NativeConversions, "toMP4">;
  remembered: UnavailableConversions;
}): PlayableVideoConverter => {
  return async (video, fileName) => {
    const fileKind = extensionOf(fileName);
    if (remembered.has("mp4", fileKind)) return undefined;
    const answer = await native
      .toMP4(new Uint8Array(await video.arrayBuffer()), fileName)
      .catch((error: unknown): NativeConversionResult => ({
        ok: false,
        reason: "failed",
        message: error instanceof Error ? error.message : String(error),
      }));
    if (answer.ok)
      return new Blob([answer.bytes as Uint8Array<ArrayBuffer>], { type: "video/mp4" });
    if (answer.reason === "not-available") {
      remembered.remember("mp4", fileKind);
      return undefined;
    }
    throw new FileConversionFailedError(video.type, { cause: new Error(answer.message) });
  };
};
