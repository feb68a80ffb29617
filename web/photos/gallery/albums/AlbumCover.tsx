import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { useThumbnailURL } from "../thumbnails/use-thumbnail";

/** An album's cover thumbnail, or a neutral tile until it arrives (and for an empty album). */
export function AlbumCover({
  thumbnails,
  fileID,
}: {
  thumbnails: ThumbnailStore;
  fileID: number | undefined;
}) {
  const url = useThumbnailURL(thumbnails, fileID);
  return (
    <span className="cairn-album-cover" aria-hidden="true">
      {url !== undefined && <img src={url} alt="" decoding="async" />}
    </span>
  );
}
