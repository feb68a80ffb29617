// The changes the server refused, each named by its code with the reason,
// until the user dismisses them.
// See: [Note: A change the server refuses is named to the user]

import { useIntl } from "react-intl";
import type {
  RefusedChangeReason,
  RefusedCodeChange,
} from "../../../workers/authenticator/authenticator-contract";
import type { MessageId } from "../../common/i18n/messages";
import { Button } from "../../common/ui/Button";

const reasonMessageIDs: Record<RefusedChangeReason, MessageId> = {
  "too-large": "auth.refused.tooLarge",
  "too-many-codes": "auth.refused.tooMany",
  refused: "auth.refused.other",
};

const kindMessageIDs: Record<RefusedCodeChange["kind"], MessageId> = {
  create: "auth.refused.create",
  update: "auth.refused.update",
  remove: "auth.refused.remove",
};

/** "Issuer (account)", one of the two, or undefined when the code has no name. */
const codeNameOf = ({ issuer, account }: RefusedCodeChange): string | undefined => {
  if (issuer !== "" && account !== "") return `${issuer} (${account})`;
  if (issuer !== "" || account !== "") return issuer || account;
  return undefined;
};

export function RefusedChangesNotice({
  refused,
  onDismiss,
}: {
  refused: readonly RefusedCodeChange[];
  onDismiss: () => void;
}) {
  const intl = useIntl();
  if (refused.length === 0) return null;
  return (
    <section className="cairn-auth__refused" role="alert" data-testid="auth-refused">
      <p className="cairn-auth__refused-title">
        {intl.formatMessage({ id: "auth.refused.title" }, { count: refused.length })}
      </p>
      <ul className="cairn-auth__refused-list">
        {refused.map((change) => (
          <li key={change.key}>
            {intl.formatMessage(
              { id: kindMessageIDs[change.kind] },
              {
                name: codeNameOf(change) ?? intl.formatMessage({ id: "auth.refused.unnamed" }),
              },
            )}{" "}
            {intl.formatMessage({ id: reasonMessageIDs[change.reason] })}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDismiss}>
        {intl.formatMessage({ id: "action.dismiss" })}
      </Button>
    </section>
  );
}
