// What the editor says when a save ends: a toast naming the copy (or the
// download), the viewer moved to the copy and the editor closed; or why it
// failed, the editor staying open with the edit.

import { FormattedMessage, useIntl } from "react-intl";
import { log } from "../../common/log/log";
import { useNotify } from "../../common/shell/notification";
import { reasonMessage } from "../upload/upload-messages";
import type { SaveResult } from "./use-save-edit";

export interface SaveFeedbackOptions {
  /** A copy was saved (the viewer may show it). */
  onSaved: (fileID: number) => void;
  onClose: () => void;
}

export function useSaveFeedback({ onSaved, onClose }: SaveFeedbackOptions): {
  /** A save answered. */
  finished: (result: SaveResult) => void;
  /** A save threw (the render or the worker failed). */
  failed: (error: unknown) => void;
} {
  const intl = useIntl();
  const notify = useNotify();

  const finished = (result: SaveResult) => {
    switch (result.kind) {
      case "downloaded":
        notify(<FormattedMessage id="editor.downloaded" values={{ name: result.fileName }} />);
        return;
      case "saved": {
        const { fileName, originalTrashed, fileID } = result.outcome;
        notify(
          <FormattedMessage
            id={originalTrashed ? "editor.saved.replaced" : "editor.saved.copy"}
            values={{ name: fileName }}
          />,
          { variant: "success" },
        );
        onSaved(fileID);
        onClose();
        return;
      }
      case "failed": {
        const outcome = result.outcome;
        if (outcome?.savedFileID !== undefined) {
          notify(<FormattedMessage id="editor.saved.partly" />, { variant: "critical" });
          onSaved(outcome.savedFileID);
          onClose();
          return;
        }
        const reason = reasonMessage(outcome?.errorKey) ?? "error.unknown";
        notify(
          <FormattedMessage
            id="editor.saveFailed"
            values={{ reason: intl.formatMessage({ id: reason }) }}
          />,
          { variant: "critical" },
        );
        return;
      }
    }
  };

  const failed = (error: unknown) => {
    log.error("The editor could not save", error);
    notify(
      <FormattedMessage
        id="editor.saveFailed"
        values={{ reason: intl.formatMessage({ id: "error.unknown" }) }}
      />,
      { variant: "critical" },
    );
  };

  return { finished, failed };
}
