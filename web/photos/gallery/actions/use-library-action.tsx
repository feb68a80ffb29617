// One way to perform an organizing action from any view: call the worker,
// show a toast when it is done (where one helps, with Undo when the worker
// offers one) and, when the worker refuses, the spec's message for the
// reason (§8), or the session-expired dialog. The views are optimistic: the
// worker shows the change at once and rolls it back itself on refusal; this
// hook only speaks. See: [Note: An undo puts files back where they were]

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
import { refusalDisplay, successMessage, undoableMessage } from "./action-messages";
import { usePageGalleryClient } from "./gallery-client-context";

export interface PerformOptions {
  /** Refusals the caller shows itself (e.g. a name dialog shows 'album-name-taken' under its field). */
  inlineRefusals?: readonly ActionErrorCode[];
}

/** A toast with Undo stays long enough to change one's mind, not longer. */
export const undoToastMs = 8000;

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
      const attempt = async (step: LibraryAction): Promise<ActionOutcome> => {
        try {
          if (target === undefined) throw new Error("The library is not open yet");
          return await target.perform(step);
        } catch (e) {
          log.error(`Library action ${step.kind} failed`, e);
          return { ok: false, code: "unknown" };
        }
      };
      const refused = (outcome: Extract<ActionOutcome, { ok: false }>, step: LibraryAction) => {
        const display = refusalDisplay(outcome.code, step);
        if (display.kind === "session-expired") showSessionExpired();
        else
          showErrorDialog(
            <FormattedMessage id={display.message.id} values={display.message.values} />,
          );
      };
      // The undo's steps run in order; the first refusal stops them and says why.
      const undo = async (steps: readonly LibraryAction[]) => {
        for (const step of steps) {
          const outcome = await attempt(step);
          if (!outcome.ok) {
            refused(outcome, step);
            return;
          }
        }
        notify(<FormattedMessage id="gallery.actions.undone" />, { variant: "success" });
      };

      const outcome = await attempt(action);
      if (outcome.ok) {
        const steps = outcome.undo ?? [];
        const message =
          steps.length > 0 ? undoableMessage(action, outcome) : successMessage(action, outcome);
        if (message !== undefined) {
          notify(<FormattedMessage id={message.id} values={message.values} />, {
            variant: "success",
            ...(steps.length > 0 && {
              autoHideMs: undoToastMs,
              action: {
                label: <FormattedMessage id="action.undo" />,
                run: () => void undo(steps),
              },
            }),
          });
        }
        return outcome;
      }
      if (options.inlineRefusals?.includes(outcome.code) === true) return outcome;
      refused(outcome, action);
      return outcome;
    },
    [target, notify, showErrorDialog, showSessionExpired],
  );
}
