// The line under a login's button that says what the login is doing.
// See: [Note: A login says what it is doing]

import { FormattedMessage } from "react-intl";
import type { LoginProgress } from "../../accounts/account-service";
import type { MessageId } from "../../i18n/messages";

/** A stage of a password login as the page shows it; the last is the page's own. */
export type ShownLoginProgress = LoginProgress | "opening-library";

const messages: Record<ShownLoginProgress, MessageId> = {
  "unlocking-keys": "account.login.progress.unlockingKeys",
  "checking-password": "account.login.progress.checkingPassword",
  "opening-library": "account.login.progress.openingLibrary",
};

/** Says `progress`, or keeps its place empty (screen readers hear each change). */
export function LoginProgressLine({ progress }: { progress: ShownLoginProgress | undefined }) {
  return (
    <p
      className="cairn-account__progress"
      role="status"
      data-testid="login-progress"
      data-progress={progress}
    >
      {progress !== undefined && <FormattedMessage id={messages[progress]} />}
    </p>
  );
}
