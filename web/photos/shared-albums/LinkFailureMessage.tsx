// A full-page message for a link that shows no album: not found, expired or
// removed, out of devices, incomplete, or unreachable (with a retry).

import { FormattedMessage } from "react-intl";
import type { LinkFailure } from "../../../workers/public-album/link-failures";
import { Button } from "../../common/ui/Button";
import { linkFailureDisplay } from "./link-failure-messages";

export function LinkFailureMessage({
  failure,
  onRetry,
}: {
  failure: LinkFailure;
  onRetry: () => void;
}) {
  const display = linkFailureDisplay[failure];
  return (
    <section
      className="cairn-public-album__message"
      role="alert"
      data-testid="public-album-failure"
      data-failure={failure}
    >
      <h1>
        <FormattedMessage id={display.titleId} />
      </h1>
      <p>
        <FormattedMessage id={display.messageId} />
      </p>
      {display.retry && (
        <Button variant="accent" onClick={onRetry}>
          <FormattedMessage id="action.retry" />
        </Button>
      )}
    </section>
  );
}
