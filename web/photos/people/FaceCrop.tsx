// A face, round, cut from its photo's thumbnail with CSS: the thumbnail the
// gallery already has, scaled and moved inside a circle (see
// `faceCropPlacement`), so a face costs no canvas and no extra download. A
// neutral circle stands in while the thumbnail loads.
//
// [Note: Faces are cut from the cached thumbnails]
//
// The reference keeps each face's crop as an image of its own in a
// `face-crops` cache. Here the crop is the thumbnail itself, shown through
// a circle: the thumbnail is already kept (encrypted, Cache Storage
// `thumbs`, and in the page's thumbnail store), faces are found on it, and
// a second copy of the same pixels per face would cost a decode, an encode
// and storage for every face of the library, and one more cache to clear
// when face indexing is turned off or the user logs out.

import { useState } from "react";
import type { FaceRef } from "../../../workers/people/people-contract";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { useThumbnailURL } from "../gallery/thumbnails/use-thumbnail";
import { faceCropPlacement } from "./face-crop-style";
import "./people.css";

/** The sizes faces are shown at: in lists, on the people page, in a person's header. */
export type FaceCropSizePx = 48 | 120 | 160;

export function FaceCrop({
  face,
  thumbnails,
  sizePx,
}: {
  face: FaceRef;
  thumbnails: ThumbnailStore;
  sizePx: FaceCropSizePx;
}) {
  const url = useThumbnailURL(thumbnails, face.fileID);
  // The thumbnail's width over height, known once it has loaded.
  const [loaded, setLoaded] = useState<{ url: string; aspect: number } | undefined>();
  const aspect = loaded !== undefined && loaded.url === url ? loaded.aspect : undefined;
  const placement = aspect === undefined ? undefined : faceCropPlacement(face.box, aspect);
  return (
    <span
      className={`cairn-face-crop cairn-face-crop--${String(sizePx)}`}
      aria-hidden="true"
      data-testid="face-crop"
      data-face-file-id={face.fileID}
    >
      {url !== undefined && (
        <img
          src={url}
          alt=""
          decoding="async"
          className="cairn-face-crop__image"
          style={
            placement === undefined
              ? { visibility: "hidden" }
              : {
                  width: `${String(placement.widthPercent)}%`,
                  height: `${String(placement.heightPercent)}%`,
                  left: `${String(placement.leftPercent)}%`,
                  top: `${String(placement.topPercent)}%`,
                }
          }
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalHeight > 0) setLoaded({ url, aspect: naturalWidth / naturalHeight });
          }}
        />
      )}
    </span>
  );
}
