// Object URLs of the shown original. They are made when the original
// arrives for the shown file and revoked as soon as the viewer leaves that
// file. See: [Note: The viewer holds at most three originals]

import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";

/** `src`: the image, the video, or the file; `liveVideoSrc`: a live photo's video. */
export interface MediaURLs {
  src: string;
  liveVideoSrc?: string | undefined;
}

export interface ObjectURLs {
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
}

export const browserObjectURLs: ObjectURLs = {
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => {
    URL.revokeObjectURL(url);
  },
};

export function createMediaURLs(media: OriginalMedia, urls: ObjectURLs): MediaURLs {
  switch (media.kind) {
    case "live-photo":
      return {
        src: urls.createObjectURL(media.image),
        liveVideoSrc: urls.createObjectURL(media.video),
      };
    case "image":
    case "video":
    case "other":
      return { src: urls.createObjectURL(media.blob) };
  }
}

export function revokeMediaURLs(media: MediaURLs, urls: ObjectURLs): void {
  urls.revokeObjectURL(media.src);
  if (media.liveVideoSrc !== undefined) urls.revokeObjectURL(media.liveVideoSrc);
}
