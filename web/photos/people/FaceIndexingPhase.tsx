// Where face indexing stands, in one line: waiting, indexing with counts,
// or done (spec §4, face indexing phase).

import { FormattedMessage } from "react-intl";
import type { FaceIndexingStatus } from "../../../workers/people/people-contract";

export function FaceIndexingPhase({
  status,
  className,
}: {
  status: FaceIndexingStatus;
  className: string;
}) {
  return (
    <p
      className={className}
      role="status"
      data-testid="face-indexing-phase"
      data-phase={status.phase}
    >
      {status.phase === "scheduled" && <FormattedMessage id="people.phase.scheduled" />}
      {status.phase === "indexing" && (
        <FormattedMessage
          id="people.phase.indexing"
          values={{ indexed: status.indexedFiles, total: status.totalFiles }}
        />
      )}
      {status.phase === "done" && (
        <FormattedMessage id="people.phase.done" values={{ total: status.totalFiles }} />
      )}
    </p>
  );
}
