import { FormattedMessage } from "react-intl";
import type { MessageId } from "../i18n/messages";
import type { SyncState } from "../../../workers/sync/sync-service";
import type { LibraryView } from "./library-sync";

const syncStateMessage: Record<SyncState, MessageId | undefined> = {
  opening: "library.sync.syncing",
  syncing: "library.sync.syncing",
  "up-to-date": "library.sync.upToDate",
  offline: "library.sync.offline",
  failed: "library.sync.failed",
  stopped: undefined,
};

/** The library's size and where its sync stands, above the gallery. */
export function LibraryHeader({ view }: { view: LibraryView }) {
  const messageID = view.status === undefined ? undefined : syncStateMessage[view.status.state];
  return (
    <header className="cairn-library-header">
      <p className="cairn-library-header__count" data-testid="library-item-count">
        {view.summary !== undefined && (
          <FormattedMessage id="library.itemCount" values={{ count: view.summary.fileCount }} />
        )}
      </p>
      <p
        className="cairn-library-header__sync"
        role="status"
        data-testid="library-sync-state"
        data-state={view.status?.state}
      >
        {messageID !== undefined && <FormattedMessage id={messageID} />}
      </p>
    </header>
  );
}
