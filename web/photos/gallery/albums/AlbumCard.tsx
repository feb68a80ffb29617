// One album as a card of the albums and sharing pages: its cover, its name
// and a line under it (its count, who shared it, how it is shared). A link
// to the album's view, so it opens in a new tab too.

import type { ReactNode } from "react";
import { Link } from "react-router";
import { viewAddress } from "../navigation/gallery-pages";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { AlbumCover } from "./AlbumCover";

export function AlbumCard({
  viewID,
  name,
  detail,
  coverFileID,
  thumbnails,
  cover,
}: {
  viewID: number;
  name: string;
  detail: ReactNode;
  coverFileID: number | undefined;
  thumbnails: ThumbnailStore;
  /** Stands in for the cover thumbnail (the hidden section shows none). */
  cover?: ReactNode;
}) {
  return (
    <li>
      <Link
        to={viewAddress(viewID)}
        className="cairn-album-card"
        data-testid="album-card"
        data-collection-id={viewID}
        title={name}
      >
        {cover ?? <AlbumCover thumbnails={thumbnails} fileID={coverFileID} />}
        <span className="cairn-album-card__name">{name}</span>
        <span className="cairn-album-card__detail">{detail}</span>
      </Link>
    </li>
  );
}
