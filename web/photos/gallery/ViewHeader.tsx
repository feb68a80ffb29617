// Above the grid: the open view's title and count, the upload button, its
// own actions (sharing and the album menu for an owned album, who shared it
// and "Leave" for an album shared with the user, "Empty trash" in the trash)
// and where the library's sync stands. The sync state keeps
// `data-testid="library-sync-state"` with `data-state` (the browser tests
// wait on it).

import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { SyncState, SyncStatus } from "../../../workers/sync/sync-service";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { MessageId } from "../../common/i18n/messages";
import type { GalleryClient } from "../../common/library/gallery-client";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import { UploadButton } from "../upload/UploadButton";
import { MonthOverviewOpen } from "./grid/MonthOverviewOpen";
import type { UploadProgressCount } from "../upload/use-gallery-upload";
import { AlbumMenu } from "./actions/AlbumMenu";
import { useLibraryAction } from "./actions/use-library-action";
import { ShareAlbumDialog } from "./sharing/ShareAlbumDialog";
import { sharingOffered } from "./sharing/sharing-offer";
import { mapPageAddress } from "../map/map-address";
import type { ViewKind } from "./view-kind";

const syncStateMessage: Record<SyncState, MessageId | undefined> = {
  opening: "library.sync.syncing",
  syncing: "library.sync.syncing",
  "up-to-date": "library.sync.upToDate",
  offline: "library.sync.offline",
  failed: "library.sync.failed",
  stopped: undefined,
};

export interface ViewHeaderProps {
  title: string;
  /** Shown instead of the title and count (a person's face, name and actions). */
  heading?: ReactNode;
  /** The number of items of the open view, when known. */
  count: number | undefined;
  kind: ViewKind;
  summary: GallerySummary | undefined;
  status: SyncStatus | undefined;
  client: Pick<GalleryClient, "perform" | "albumSharing"> | undefined;
  /** Files finished and in all while an upload runs: the status says so rather than the sync's. */
  uploading?: UploadProgressCount | undefined;
  /** Uploads picked files; undefined: no upload button (no upload client yet). */
  onUpload?: ((picks: PickedFile[]) => void) | undefined;
  /** Offers "Files into an album…" where `onUpload` sends files to no album. */
  onUploadIntoAlbum?: ((picks: PickedFile[]) => void) | undefined;
  /** The open album was deleted: the page goes back to "all". */
  onAlbumDeleted: () => void;
  /** Opens the month overview; undefined: no overview (nothing to travel). */
  onOpenOverview?: (() => void) | undefined;
}

export function ViewHeader({
  title,
  heading,
  count,
  kind,
  summary,
  status,
  client,
  uploading,
  onUpload,
  onUploadIntoAlbum,
  onAlbumDeleted,
  onOpenOverview,
}: ViewHeaderProps) {
  const intl = useIntl();
  const perform = useLibraryAction(client);
  const { showMessageDialog } = useMessageDialog();
  const syncMessage = status === undefined ? undefined : syncStateMessage[status.state];
  const ownedAlbum = summary !== undefined && summary.id > 0 && summary.isOwned;
  const incomingAlbum = summary !== undefined && summary.id > 0 && !summary.isOwned;
  const [sharingOpen, setSharingOpen] = useState(false);

  const confirmLeave = (albumID: number) => {
    showMessageDialog({
      title: <FormattedMessage id="gallery.sharing.leave.title" values={{ name: title }} />,
      message: <FormattedMessage id="gallery.sharing.leave.message" />,
      proceed: {
        label: <FormattedMessage id="gallery.sharing.leave" />,
        variant: "critical",
        action: async () => {
          const outcome = await perform({ kind: "leave-album", collectionID: albumID });
          if (outcome.ok) onAlbumDeleted();
        },
      },
    });
  };

  const confirmEmptyTrash = () => {
    showMessageDialog({
      title: <FormattedMessage id="gallery.actions.emptyTrash.title" />,
      message: <FormattedMessage id="gallery.actions.emptyTrash.message" />,
      proceed: {
        label: <FormattedMessage id="gallery.actions.emptyTrash" />,
        variant: "critical",
        action: async () => {
          await perform({ kind: "empty-trash" });
        },
      },
    });
  };

  return (
    <header className="cairn-view-header">
      {heading ?? (
        <div className="cairn-view-header__title">
          <h1 data-testid="view-title">{title}</h1>
          <p className="cairn-view-header__count" data-testid="library-item-count">
            {count !== undefined && <FormattedMessage id="library.itemCount" values={{ count }} />}
          </p>
        </div>
      )}
      <div className="cairn-view-header__tools">
        {onUpload !== undefined && (
          <UploadButton onPick={onUpload} onPickIntoAlbum={onUploadIntoAlbum} />
        )}
        {kind === "trash" && (count ?? 0) > 0 && (
          <button type="button" className="cairn-view-header__tool" onClick={confirmEmptyTrash}>
            {intl.formatMessage({ id: "gallery.actions.emptyTrash" })}
          </button>
        )}
        {ownedAlbum && sharingOffered(summary) && client !== undefined && (
          <button
            type="button"
            className="cairn-view-header__tool"
            data-testid="view-share"
            onClick={() => {
              setSharingOpen(true);
            }}
          >
            {intl.formatMessage({ id: "gallery.sharing.share" })}
          </button>
        )}
        {ownedAlbum && (
          <AlbumMenu album={summary} name={title} client={client} onDeleted={onAlbumDeleted} />
        )}
        {incomingAlbum && (
          <>
            <p className="cairn-view-header__shared-by" data-testid="album-shared-by">
              <FormattedMessage
                id="gallery.sharing.sharedBy"
                values={{ email: summary.ownerEmail ?? "" }}
              />
            </p>
            {client !== undefined && (
              <button
                type="button"
                className="cairn-view-header__tool"
                onClick={() => {
                  setSharingOpen(true);
                }}
              >
                {intl.formatMessage({ id: "gallery.sharing.people" })}
              </button>
            )}
            <Link
              className="cairn-view-header__tool"
              to={mapPageAddress({ collectionID: summary.id })}
              data-testid="view-map"
            >
              {intl.formatMessage({ id: "map.showOnMap" })}
            </Link>
            <button
              type="button"
              className="cairn-view-header__tool"
              onClick={() => {
                confirmLeave(summary.id);
              }}
            >
              {intl.formatMessage({ id: "gallery.sharing.leave" })}
            </button>
          </>
        )}
        {sharingOpen && summary !== undefined && client !== undefined && (
          <ShareAlbumDialog
            collectionID={summary.id}
            name={title}
            client={client}
            onClose={() => {
              setSharingOpen(false);
            }}
          />
        )}
        <p
          className="cairn-view-header__sync"
          role="status"
          data-testid="library-sync-state"
          data-state={uploading === undefined ? status?.state : "uploading"}
        >
          {uploading !== undefined ? (
            <FormattedMessage
              id="library.sync.uploading"
              values={{ finished: uploading.finished, total: uploading.total }}
            />
          ) : (
            syncMessage !== undefined && <FormattedMessage id={syncMessage} />
          )}
        </p>
        {onOpenOverview !== undefined && <MonthOverviewOpen onOpen={onOpenOverview} />}
      </div>
    </header>
  );
}
