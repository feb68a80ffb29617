// What an empty view says: the trash, an album, the library with no files
// yet, and the other views (archive, favorites, hidden).

import { FormattedMessage } from "react-intl";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import type { MessageId } from "../../common/i18n/messages";
import { UploadButton } from "../upload/UploadButton";
import type { ViewKind } from "./view-kind";

const texts: Record<ViewKind, { title: MessageId; text: MessageId }> = {
  all: { title: "gallery.empty.title", text: "gallery.empty.text" },
  trash: { title: "gallery.albums.empty.trash.title", text: "gallery.albums.empty.trash.text" },
  album: { title: "gallery.albums.empty.album.title", text: "gallery.albums.empty.album.text" },
  "shared-with-me": {
    title: "gallery.albums.empty.album.title",
    text: "gallery.albums.empty.album.text",
  },
  uncategorized: {
    title: "gallery.albums.empty.other.title",
    text: "gallery.albums.empty.other.text",
  },
  favorites: { title: "gallery.albums.empty.other.title", text: "gallery.albums.empty.other.text" },
  archive: { title: "gallery.albums.empty.other.title", text: "gallery.albums.empty.other.text" },
  hidden: { title: "gallery.albums.empty.other.title", text: "gallery.albums.empty.other.text" },
  search: { title: "search.empty.title", text: "search.empty.text" },
};

export interface EmptyViewProps {
  kind: ViewKind;
  /** The empty timeline invites to upload, and says that files can be dropped anywhere. */
  onUpload?: ((picks: PickedFile[]) => void) | undefined;
}

export function EmptyView({ kind, onUpload }: EmptyViewProps) {
  const { title, text } = texts[kind];
  return (
    <div className="cairn-gallery__empty" data-testid="gallery-empty" data-kind={kind}>
      <div className="cairn-gallery__empty-art" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h2 className="cairn-gallery__title">
        <FormattedMessage id={title} />
      </h2>
      <p className="cairn-gallery__text">
        <FormattedMessage id={text} />
      </p>
      {kind === "all" && onUpload !== undefined && (
        <>
          <UploadButton onPick={onUpload} prominent />
          <p className="cairn-gallery__hint" data-testid="gallery-drop-hint">
            <FormattedMessage id="gallery.empty.dropHint" />
          </p>
        </>
      )}
    </div>
  );
}
