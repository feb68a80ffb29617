// The open album's own actions (spec §4), for an album the user owns:
// rename, pin or unpin, its sort order (newest or oldest first), delete.

import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GallerySummary, LibraryAction } from "../../../../workers/sync/gallery-contract";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { AlbumNameDialog } from "./AlbumNameDialog";
import { DeleteAlbumDialog } from "./DeleteAlbumDialog";
import { useLibraryAction } from "./use-library-action";

interface MenuItem {
  key: string;
  label: MessageId;
  checked?: boolean;
  run: () => void;
}

export interface AlbumMenuProps {
  album: GallerySummary;
  /** The album's shown name. */
  name: string;
  /** After the album is deleted (the page leaves its view). */
  onDeleted: () => void;
  client?: Pick<GalleryClient, "perform"> | undefined;
}

export function AlbumMenu({ album, name, onDeleted, client }: AlbumMenuProps) {
  const intl = useIntl();
  const perform = useLibraryAction(client);
  const menuID = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<"rename" | "delete" | undefined>();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || rootRef.current?.contains(event.target) !== true) {
        setOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const act = (action: LibraryAction) => () => void perform(action);
  const pinned = album.pinOrder !== undefined;
  const items: MenuItem[] = [
    {
      key: "rename",
      label: "gallery.actions.renameAlbum",
      run: () => {
        setDialog("rename");
      },
    },
    {
      key: "pin",
      label: pinned ? "gallery.actions.unpinAlbum" : "gallery.actions.pinAlbum",
      run: act({ kind: "pin-album", collectionID: album.id, pinned: !pinned }),
    },
    {
      key: "sort-newest",
      label: "gallery.actions.sortNewestFirst",
      checked: !album.sortAscending,
      run: act({ kind: "set-album-sort", collectionID: album.id, ascending: false }),
    },
    {
      key: "sort-oldest",
      label: "gallery.actions.sortOldestFirst",
      checked: album.sortAscending,
      run: act({ kind: "set-album-sort", collectionID: album.id, ascending: true }),
    },
    {
      key: "delete",
      label: "gallery.actions.deleteAlbum",
      run: () => {
        setDialog("delete");
      },
    },
  ];

  return (
    <div className="cairn-menu" ref={rootRef}>
      <button
        type="button"
        className="cairn-view-header__tool"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuID : undefined}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        {intl.formatMessage({ id: "gallery.actions.albumMenu" })}
      </button>
      {open && (
        <div id={menuID} className="cairn-menu__list cairn-menu__list--end" role="menu">
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={item.checked}
              data-action={item.key}
              className="cairn-menu__item"
              onClick={() => {
                setOpen(false);
                item.run();
              }}
            >
              <FormattedMessage id={item.label} />
            </button>
          ))}
        </div>
      )}
      {dialog === "rename" && (
        <AlbumNameDialog
          titleId="gallery.actions.renameAlbum"
          submitLabelId="gallery.actions.save"
          initialName={name}
          onSubmit={(newName) =>
            perform(
              { kind: "rename-album", collectionID: album.id, name: newName },
              { inlineRefusals: ["album-name-taken"] },
            )
          }
          onClose={() => {
            setDialog(undefined);
          }}
        />
      )}
      {dialog === "delete" && (
        <DeleteAlbumDialog
          collectionID={album.id}
          name={name}
          client={client}
          onDeleted={onDeleted}
          onClose={() => {
            setDialog(undefined);
          }}
        />
      )}
    </div>
  );
}
