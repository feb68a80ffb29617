// Above the grid: the open view's title and count, the upload button, its
// own actions (the album menu for an owned album, "Empty trash" in the
// trash) and where the library's sync stands. The sync state keeps
// `data-testid="library-sync-state"` with `data-state` (the browser tests
// wait on it).

import { FormattedMessage, useIntl } from "react-intl";
import type { SyncState, SyncStatus } from "../../../workers/sync/sync-service";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { MessageId } from "../../common/i18n/messages";
import type { GalleryClient } from "../../common/library/gallery-client";
import type { GallerySummary } from "../../../workers/sync/gallery-contract";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import { UploadButton } from "../upload/UploadButton";
import { AlbumMenu } from "./actions/AlbumMenu";
import { useLibraryAction } from "./actions/use-library-action";
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
  /** The number of items of the open view, when known. */
  count: number | undefined;
  kind: ViewKind;
  summary: GallerySummary | undefined;
  status: SyncStatus | undefined;
  client: Pick<GalleryClient, "perform"> | undefined;
  /** Uploads picked files; undefined: no upload button (no upload client yet). */
  onUpload?: ((picks: PickedFile[]) => void) | undefined;
  /** The open album was deleted: the page goes back to "all". */
  onAlbumDeleted: () => void;
}

export function ViewHeader({
  title,
  count,
  kind,
  summary,
  status,
  client,
  onUpload,
  onAlbumDeleted,
}: ViewHeaderProps) {
  const intl = useIntl();
  const perform = useLibraryAction(client);
  const { showMessageDialog } = useMessageDialog();
  const syncMessage = status === undefined ? undefined : syncStateMessage[status.state];
  const ownedAlbum = summary !== undefined && summary.id > 0 && summary.isOwned;

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
      <div className="cairn-view-header__title">
        <h1 data-testid="view-title">{title}</h1>
        <p className="cairn-view-header__count" data-testid="library-item-count">
          {count !== undefined && <FormattedMessage id="library.itemCount" values={{ count }} />}
        </p>
      </div>
      <div className="cairn-view-header__tools">
        {onUpload !== undefined && <UploadButton onPick={onUpload} />}
        {kind === "trash" && (count ?? 0) > 0 && (
          <button type="button" className="cairn-view-header__tool" onClick={confirmEmptyTrash}>
            {intl.formatMessage({ id: "gallery.actions.emptyTrash" })}
          </button>
        )}
        {ownedAlbum && (
          <AlbumMenu album={summary} name={title} client={client} onDeleted={onAlbumDeleted} />
        )}
        <p
          className="cairn-view-header__sync"
          role="status"
          data-testid="library-sync-state"
          data-state={status?.state}
        >
          {syncMessage !== undefined && <FormattedMessage id={syncMessage} />}
        </p>
      </div>
    </header>
  );
}
