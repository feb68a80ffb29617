// An upload's thumbnail in the desktop app: an image the browser cannot
// decode (TIFF, HEIC, RAW, PSD) is first made a JPEG by the native
// conversion, whose thumbnail the media worker then makes as for any JPEG;
// what native cannot convert goes to the media worker as it is (the web
// path). See: [Note: A conversion reported not-available is not asked again]

import { FileType } from "../../shared/model/library/file-metadata";
import { needsDisplayConversion } from "../../shared/model/media/display-conversion";
import type { UploadMedia } from "../upload/upload-run";
import { type UnavailableConversions, preferNative } from "./conversion-preference";
import { imageSourceKindOf } from "./image-source-kinds";
import type { NativeConversions } from "./native-conversion-contract";

/** Enough of a file to tell its kind (an ISO-BMFF `ftyp` box, a RAW's signature). */
const sourceKindHeadBytes = 4100;

/**
 * `media` with its image thumbnails made from native JPEGs where it can.
 * A native JPEG whose thumbnail fails counts as a failed conversion: the
 * media worker then tries the original.
 */
export const uploadMediaPreferringNative = ({
  media,
  native,
  remembered,
}: {
  media: UploadMedia;
  native: Pick<NativeConversions, "toJPEG">;
  remembered: UnavailableConversions;
}): UploadMedia => ({
  facts: (parts) => media.facts(parts),
  thumbnail: async (part, facts) => {
    if (
      facts.kind !== "media" ||
      facts.fileType !== FileType.image ||
      !needsDisplayConversion({ mimeType: facts.mimeType, fileName: part.name })
    ) {
      return media.thumbnail(part, facts);
    }
    // The kind from the file's first bytes: a kind native cannot convert costs no full read.
    const head = new Uint8Array(await part.blob.slice(0, sourceKindHeadBytes).arrayBuffer());
    if (remembered.has("jpeg", imageSourceKindOf(head, part.name).label)) {
      return media.thumbnail(part, facts);
    }
    const thumbnailOf = preferNative({
      conversion: "jpeg",
      native: async (bytes, fileName) => {
        const answer = await native.toJPEG(bytes, fileName);
        if (!answer.ok) return answer;
        // Upright, orientation 1: see [Note: A converted JPEG is upright and keeps its metadata].
        const jpeg = new Blob([answer.bytes as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
        return {
          ok: true,
          bytes: await media.thumbnail(
            { blob: jpeg, name: fileName },
            { ...facts, mimeType: "image/jpeg" },
          ),
        };
      },
      web: () => media.thumbnail(part, facts),
      remembered,
      fileKindOf: (bytes, fileName) => imageSourceKindOf(bytes, fileName).label,
    });
    return thumbnailOf(new Uint8Array(await part.blob.arrayBuffer()), part.name);
  },
});
