// Which conversions the library's worker uses: the media worker's (the web
// path) in a browser; in the desktop app, the native ones first, the web
// path staying the fallback (spec §6). One memory of what native reported
// not-available serves all three uses.
// See: [Note: A conversion reported not-available is not asked again]

import type { PlayableVideoConverter } from "../gallery/media/gallery-media";
import type { MediaWorkerClient } from "../media/media-worker-client";
import type { UploadMedia } from "../upload/upload-run";
import { createUnavailableConversions } from "./conversion-preference";
import { type DisplayImage, displayImagePreferringNative } from "./display-image-converter";
import type { NativeConversions } from "./native-conversion-contract";
import { playableVideoFromNative } from "./playable-video-converter";
import { uploadMediaPreferringNative } from "./upload-thumbnail-converter";

export interface ConversionsInUse {
  /** The viewer's JPEG of an image the browser cannot show. */
  displayImage: DisplayImage;
  /** The viewer's MP4 of a video the browser cannot play; undefined without native conversions. */
  playableVideo: PlayableVideoConverter | undefined;
  /** An upload's media work (types, EXIF, videos, thumbnails). */
  uploadMedia: () => UploadMedia;
}

/** The web path's conversions: all the media worker's (started on first use). */
export const webConversions = (media: () => MediaWorkerClient): ConversionsInUse => ({
  displayImage: (image, fileName) => media().displayImage(image, fileName),
  playableVideo: undefined,
  uploadMedia: () => media().upload,
});

/** The desktop app's: `native` first, the media worker's when native cannot. */
export const nativeFirstConversions = (
  native: NativeConversions,
  media: () => MediaWorkerClient,
): ConversionsInUse => {
  const remembered = createUnavailableConversions();
  return {
    displayImage: displayImagePreferringNative({
      native,
      web: (image, fileName) => media().displayImage(image, fileName),
      remembered,
    }),
    playableVideo: playableVideoFromNative({ native, remembered }),
    uploadMedia: () => uploadMediaPreferringNative({ media: media().upload, native, remembered }),
  };
};
