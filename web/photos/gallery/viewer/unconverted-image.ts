// Whether an original the viewer received is an image the sync worker
// should have turned into a JPEG and did not: its conversion failed. The
// viewer then says so when the browser cannot show it either (Safari shows
// a HEIC or a TIFF itself). Pure.

import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { needsDisplayConversion } from "../../../../shared/model/media/display-conversion";

/**
 * The sync worker converts every image the rule names, so one the viewer
 * receives that the rule still names was not converted.
 * See: [Note: Which originals the viewer shows through a JPEG]
 */
export const isUnconvertedImage = (media: OriginalMedia, title: string): boolean => {
  switch (media.kind) {
    case "image":
      return needsDisplayConversion({ mimeType: media.blob.type, fileName: title });
    case "live-photo":
      return needsDisplayConversion({ mimeType: media.image.type, fileName: title });
    case "video":
    case "other":
      return false;
  }
};
