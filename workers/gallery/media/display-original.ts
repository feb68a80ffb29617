// What the viewer shows of an opened original whose image the browser
// cannot show (HEIC, RAW, TIFF, PSD): the same media with that image
// replaced by a JPEG the media worker made. Downloads never see it: they
// take the opened original. See: [Note: Which originals the viewer shows through a JPEG]

import { needsDisplayConversion } from "../../../shared/model/media/display-conversion";
import type { OpenedOriginal } from "./open-original";

/** Turns an image into a JPEG the browser shows; `fileName` helps tell its type. */
export type DisplayImageConverter = (image: Blob, fileName: string) => Promise<Blob>;

/**
 * The viewer's version of `opened` (a file titled `title`), or undefined
 * when the viewer shows it as it is. Rejects with what `convert` rejects
 * with.
 */
export const displayVersionOf = async (
  opened: OpenedOriginal,
  title: string,
  convert: DisplayImageConverter,
): Promise<OpenedOriginal | undefined> => {
  const { media } = opened;
  switch (media.kind) {
    case "image": {
      if (!needsDisplayConversion({ mimeType: media.blob.type, fileName: title })) return undefined;
      const jpeg = await convert(media.blob, title);
      return { ...opened, media: { ...media, blob: jpeg }, sizeBytes: jpeg.size };
    }
    case "live-photo": {
      // The image's own name in the zip tells its extension; the title is the live photo's.
      const extension = opened.livePhotoExtensions?.image ?? "";
      const imageName = extension === "" ? title : `image.${extension}`;
      if (!needsDisplayConversion({ mimeType: media.image.type, fileName: imageName })) {
        return undefined;
      }
      const jpeg = await convert(media.image, imageName);
      return {
        ...opened,
        media: { ...media, image: jpeg },
        sizeBytes: jpeg.size + media.video.size,
      };
    }
    case "video":
    case "other":
      return undefined;
  }
};
