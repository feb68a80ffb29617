// One way to perform an organizing action from any view: call the worker,
// show a toast when it is done (where one helps) and, when the worker
// refuses, the spec's message for the reason (§8), or the session-expired
// dialog. The views are optimistic: the worker shows the change at once and
// rolls it back itself on refusal; this hook only speaks.

import { useCallback } from "react";
import { FormattedMessage } from "react-intl";
import type {
  ActionErrorCode,
  ActionOutcome,
  LibraryAction,
} from "../../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { useSessionExpiredDialog } from "../../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { log } from "../../../common/log/log";
import { useNotify } from "../../../common/shell/notification";
import { refusalDisplay, successMessage } from "./action-messages";
import { usePageGalleryClient } from "./gallery-client-context";

export interface PerformOptions {
  /** Refusals the caller shows itself (e.g. a name dialog shows 'album-name-taken' under its field). */
  inlineRefusals?: readonly ActionErrorCode[];
}

export type PerformLibraryAction = (
  action: LibraryAction,
  options?: PerformOptions,
) => Promise<ActionOutcome>;

/**
 * `(action) => outcome`. The client is the one given, else the page's
 * (`GalleryClientContext`). A call before the worker has started, or one
 * that throws, is answered as refused with `unknown` (and says so).
 */
export function useLibraryAction(client?: Pick<GalleryClient, "perform">): PerformLibraryAction {
  const pageClient = usePageGalleryClient();
  const target = client ?? pageClient;
  const notify = useNotify();
  const { showErrorDialog } = useMessageDialog();
  const showSessionExpired = useSessionExpiredDialog();

  return useCallback(
    async (action, options = {}) => {
      let outcome: ActionOutcome;
      try {
        if (target === undefined) throw new Error("The library is not open yet");
        outcome = await target.perform(action);
      } catch (e) {
        log.error(`Library action ${action.kind} failed`, e);
        outcome = { ok: false, code: "unknown" };
      }
      if (outcome.ok) {
        const message = successMessage(action, outcome);
        if (message !== undefined) {
          notify(<FormattedMessage id={message.id} values={message.values} />, {
            variant: "success",
          });
        }
        return outcome;
      }
      if (options.inlineRefusals?.includes(outcome.code) === true) return outcome;
      const display = refusalDisplay(outcome.code, action);
      if (display.kind === "session-expired") showSessionExpired();
      else
        showErrorDialog(
          <FormattedMessage id={display.message.id} values={display.message.values} />,
        );
      return outcome;
    },
    [target, notify, showErrorDialog, showSessionExpired],
  );
}
