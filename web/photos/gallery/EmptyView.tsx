// What an empty view says: the trash, an album, the library with no files
// yet, and the other views (archive, favorites, hidden).

import { FormattedMessage } from "react-intl";
import type { MessageId } from "../../common/i18n/messages";
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
};

export function EmptyView({ kind }: { kind: ViewKind }) {
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
    </div>
  );
}
