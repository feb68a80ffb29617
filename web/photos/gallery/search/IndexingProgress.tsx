// Indexing's progress: a bar with "N of M photos indexed" (and that it
// waits while an upload runs). The sidebar shows it only while photos are
// waiting; the settings always, with the switch.

import { FormattedMessage } from "react-intl";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import "./indexing.css";

export function IndexingProgress({
  status,
  placement,
}: {
  status: MLStatus;
  placement: "sidebar" | "settings";
}) {
  const total = status.pending + status.indexed;
  const done = status.pending === 0;
  return (
    <div
      className={`cairn-indexing cairn-indexing--${placement}`}
      data-testid={`indexing-${placement}`}
      data-pending={status.pending}
      data-indexed={status.indexed}
    >
      <p className="cairn-indexing__text">
        {!status.enabled ? (
          <FormattedMessage id="gallery.settings.indexing.off" />
        ) : done ? (
          <FormattedMessage id="gallery.settings.indexing.done" values={{ total }} />
        ) : status.pausedForUpload ? (
          <FormattedMessage
            id="gallery.indexing.paused"
            values={{ indexed: status.indexed, total }}
          />
        ) : placement === "sidebar" ? (
          <FormattedMessage id="gallery.nav.indexing" values={{ indexed: status.indexed, total }} />
        ) : (
          <FormattedMessage
            id="gallery.settings.indexing.progress"
            values={{ indexed: status.indexed, total }}
          />
        )}
      </p>
      {status.enabled && total > 0 && (
        <progress className="cairn-indexing__bar" max={total} value={status.indexed} />
      )}
    </div>
  );
}
