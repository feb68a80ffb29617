// The viewer's top-bar actions for the shown file: favorite, download (with
// its percent until done), copy, add to album, album cover, archive, hide or
// unhide, trash; restore and delete permanently in the trash. The actions
// run through the page's `useLibraryAction` (toasts, refusal messages) and
// the views update optimistically from the worker.

import { useAtomValue } from "jotai";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { Button } from "../../../common/ui/Button";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { AlbumPickerDialog } from "../actions/AlbumPickerDialog";
import { useRestore } from "../actions/use-restore";
import { MenuButton, type MenuButtonItem } from "../../../common/ui/MenuButton";
import type { PerformLibraryAction } from "../actions/use-library-action";
import { useTrashConfirmation } from "../actions/use-trash-confirmation";
import { downloadProgressAtom } from "../downloads/download-progress";
import { viewerActions, type ViewerAction } from "./viewer-actions";
import {
  AlbumAddIcon,
  ArchiveIcon,
  CopyIcon,
  CoverIcon,
  DownloadIcon,
  EditIcon,
  HeartIcon,
  HideIcon,
  MoreIcon,
  RestoreIcon,
  TrashIcon,
} from "./viewer-icons";

export interface ViewerToolbarProps {
  client: Pick<GalleryClient, "perform">;
  item: GalleryItem;
  viewID: number;
  summaries: readonly GallerySummary[] | undefined;
  perform: PerformLibraryAction;
  /** Undefined: the file may not be downloaded (a public link's setting), no download button. */
  onDownload: (() => void) | undefined;
  /**
   * Copies the shown image to the clipboard; undefined: no copy button.
   * Called during the click. See: [Note: The viewer copies the image it shows, as a PNG]
   */
  onCopy: (() => void) | undefined;
  /** Opens the photo editor on the shown image; undefined: no edit button. */
  onEdit: (() => void) | undefined;
}

export function ToolbarButton({
  label,
  onClick,
  pressed,
  disabled,
  children,
  testID,
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean | undefined;
  disabled?: boolean | undefined;
  children: ReactNode;
  testID?: string | undefined;
}) {
  return (
    <button
      type="button"
      className="gallery-viewer__icon-button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testID}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The download control of the shown file, with its progress while it runs (spec §4). */
export function DownloadButton({
  fileID,
  onDownload,
  variant,
}: {
  fileID: number;
  onDownload: () => void;
  variant: "icon" | "text";
}) {
  const intl = useIntl();
  const percent = useAtomValue(downloadProgressAtom).get(fileID);
  const label =
    percent === undefined
      ? intl.formatMessage({ id: "gallery.viewer.download" })
      : intl.formatMessage(
          { id: "gallery.viewer.downloading" },
          { percent: intl.formatNumber(percent / 100, { style: "percent" }) },
        );
  if (variant === "text") {
    return (
      <Button variant="accent" disabled={percent !== undefined} onClick={onDownload}>
        {label}
      </Button>
    );
  }
  return (
    <button
      type="button"
      className="gallery-viewer__icon-button"
      aria-label={label}
      title={label}
      disabled={percent !== undefined}
      data-testid="viewer-download"
      onClick={onDownload}
    >
      <DownloadIcon />
      {percent !== undefined && (
        <span className="gallery-viewer__percent" data-testid="viewer-download-percent">
          {intl.formatNumber(percent / 100, { style: "percent" })}
        </span>
      )}
    </button>
  );
}

const actionLabel: Record<Exclude<ViewerAction, "download" | "favorite">, MessageId> = {
  copy: "gallery.viewer.copy",
  edit: "gallery.viewer.edit",
  trash: "gallery.viewer.trash",
  archive: "gallery.viewer.archive",
  unarchive: "gallery.viewer.unarchive",
  hide: "gallery.viewer.hide",
  unhide: "gallery.viewer.unhide",
  "add-to-album": "gallery.viewer.addToAlbum",
  "set-cover": "gallery.viewer.setCover",
  restore: "gallery.viewer.restore",
  "delete-permanently": "gallery.viewer.deletePermanently",
};

const actionIcon: Record<Exclude<ViewerAction, "download" | "favorite">, ReactNode> = {
  copy: <CopyIcon />,
  edit: <EditIcon />,
  trash: <TrashIcon />,
  archive: <ArchiveIcon />,
  unarchive: <ArchiveIcon />,
  hide: <HideIcon />,
  unhide: <HideIcon />,
  "add-to-album": <AlbumAddIcon />,
  "set-cover": <CoverIcon />,
  restore: <RestoreIcon />,
  "delete-permanently": <TrashIcon />,
};

export function ViewerToolbar({
  client,
  item,
  viewID,
  summaries,
  perform,
  onDownload,
  onCopy,
  onEdit,
}: ViewerToolbarProps) {
  const intl = useIntl();
  const confirmTrash = useTrashConfirmation(client);
  const { showMessageDialog } = useMessageDialog();
  const [pickingAlbum, setPickingAlbum] = useState(false);
  const restoring = useRestore(client, summaries ?? []);
  // The heart turns at once. The turned state stands while the view still shows the
  // file as it was when clicked; once the view has changed (or the action was refused)
  // the item speaks again.
  const [favoriteShown, setFavoriteShown] = useState<{
    fileID: number;
    value: boolean;
    was: boolean;
  }>();
  const isFavorite =
    favoriteShown?.fileID === item.id && item.isFavorite === favoriteShown.was
      ? favoriteShown.value
      : item.isFavorite;

  const fileIDs = [item.id];
  const actions = viewerActions({
    item,
    viewID,
    viewSummary: summaries?.find((summary) => summary.id === viewID),
    canPickAlbums: summaries !== undefined,
    canEdit: onEdit !== undefined,
  }).filter(
    (action) =>
      (action !== "download" || onDownload !== undefined) &&
      (action !== "copy" || onCopy !== undefined),
  );

  const toggleFavorite = () => {
    const value = !isFavorite;
    const fileID = item.id;
    setFavoriteShown({ fileID, value, was: item.isFavorite });
    void perform({ kind: "favorite", fileIDs: [fileID], favorite: value }).then((outcome) => {
      if (!outcome.ok) {
        setFavoriteShown((current) => (current?.fileID === fileID ? undefined : current));
      }
    });
  };

  const run = (action: Exclude<ViewerAction, "download" | "favorite">) => {
    switch (action) {
      case "copy":
        onCopy?.();
        return;
      case "edit":
        onEdit?.();
        return;
      case "trash":
        void confirmTrash(fileIDs);
        return;
      case "archive":
      case "unarchive":
        void perform({ kind: "archive", fileIDs, archived: action === "archive" });
        return;
      case "hide":
        void perform({ kind: "hide", fileIDs });
        return;
      case "unhide":
        void perform({ kind: "unhide", fileIDs });
        return;
      case "add-to-album":
        setPickingAlbum(true);
        return;
      case "set-cover":
        void perform({ kind: "set-album-cover", collectionID: viewID, fileID: item.id });
        return;
      case "restore":
        void restoring.restore(fileIDs);
        return;
      case "delete-permanently":
        showMessageDialog({
          title: <FormattedMessage id="gallery.viewer.deletePermanently.title" />,
          message: <FormattedMessage id="gallery.viewer.deletePermanently.message" />,
          proceed: {
            label: <FormattedMessage id="gallery.viewer.deletePermanently" />,
            variant: "critical",
            action: async () => {
              await perform({ kind: "delete-permanently", fileIDs });
            },
          },
        });
        return;
    }
  };

  // [Note: The phone's viewer folds its actions into a menu]
  //
  // At 390 px the bar holds the close button, the counter and the file's
  // name, the heart and the info button; every other action would squeeze
  // the name to nothing, so on phones they sit in a "More" menu (the same
  // actions, the same runs). Both are rendered; the stylesheet shows one.
  const secondary = actions.filter(
    (action): action is Exclude<ViewerAction, "favorite"> => action !== "favorite",
  );
  const moreItems: MenuButtonItem[] = secondary.flatMap((action): MenuButtonItem[] => {
    if (action === "download") {
      return onDownload === undefined
        ? []
        : [{ key: action, label: "gallery.viewer.download", run: onDownload }];
    }
    return [
      {
        key: action,
        label: actionLabel[action],
        run: () => {
          run(action);
        },
      },
    ];
  });

  return (
    <div className="gallery-viewer__actions">
      {moreItems.length > 0 && (
        <div className="gallery-viewer__more">
          <MenuButton
            label={intl.formatMessage({ id: "gallery.viewer.more" })}
            icon={<MoreIcon />}
            buttonClassName="gallery-viewer__icon-button"
            items={moreItems}
            alignEnd
          />
        </div>
      )}
      {actions.map((action) => {
        if (action === "favorite") {
          return (
            <ToolbarButton
              key={action}
              label={intl.formatMessage({
                id: isFavorite ? "gallery.viewer.unfavorite" : "gallery.viewer.favorite",
              })}
              pressed={isFavorite}
              testID="viewer-favorite"
              onClick={toggleFavorite}
            >
              <HeartIcon filled={isFavorite} />
            </ToolbarButton>
          );
        }
        if (action === "download") {
          if (onDownload === undefined) return null;
          return (
            <span key={action} className="gallery-viewer__secondary">
              <DownloadButton fileID={item.id} onDownload={onDownload} variant="icon" />
            </span>
          );
        }
        return (
          <span key={action} className="gallery-viewer__secondary">
            <ToolbarButton
              label={intl.formatMessage({ id: actionLabel[action] })}
              testID={`viewer-${action}`}
              onClick={() => {
                run(action);
              }}
            >
              {actionIcon[action]}
            </ToolbarButton>
          </span>
        );
      })}
      {restoring.dialog}
      {pickingAlbum && summaries !== undefined && (
        <AlbumPickerDialog
          mode="add"
          fileIDs={fileIDs}
          fromCollectionID={viewID > 0 ? viewID : undefined}
          summaries={summaries}
          client={client}
          onClose={() => {
            setPickingAlbum(false);
          }}
        />
      )}
    </div>
  );
}
