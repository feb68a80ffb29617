// The open album's own actions (spec §4), for an album the user owns:
// rename, pin or unpin, its sort order (newest or oldest first), its map,
// delete.

import { useState } from "react";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { LibraryAction } from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { MenuButton, type MenuButtonItem } from "../../../common/ui/MenuButton";
import { AlbumNameDialog } from "./AlbumNameDialog";
import { DeleteAlbumDialog } from "./DeleteAlbumDialog";
import { useLibraryAction } from "./use-library-action";
import { mapPageAddress } from "../../map/map-address";

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
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"rename" | "delete" | undefined>();

  const act = (action: LibraryAction) => () => void perform(action);
  const pinned = album.pinOrder !== undefined;
  const items: MenuButtonItem[] = [
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
      key: "map",
      label: "map.showOnMap",
      run: () => {
        void navigate(mapPageAddress({ collectionID: album.id }));
      },
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
    <>
      <MenuButton
        label={intl.formatMessage({ id: "gallery.actions.albumMenu" })}
        buttonClassName="cairn-view-header__tool"
        items={items}
        alignEnd
      />
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
    </>
  );
}
