import { useId, useState, type SyntheticEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "../../dialog/Dialog";
import type { MessageId } from "../../i18n/messages";
import { Button } from "../../ui/Button";
import { Checkbox, FormError } from "../parts/fields";
import { useAccountAction } from "../parts/use-account-action";

/** Why people leave; the category is sent with the deletion, for the team to read. */
export const deletionReasons = [
  "missing_feature",
  "behaviour",
  "found_another_service",
  "not_listed",
] as const;
export type DeletionReason = (typeof deletionReasons)[number];

const reasonMessageIds: Record<DeletionReason, MessageId> = {
  missing_feature: "account.delete.reason.missingFeature",
  behaviour: "account.delete.reason.behaviour",
  found_another_service: "account.delete.reason.foundAnotherService",
  not_listed: "account.delete.reason.notListed",
};

/**
 * Deleting the account: a reason, optional feedback and an explicit
 * confirmation before the (irreversible) deletion runs.
 */
export function DeleteAccountDialog({
  onClose,
  onDelete,
}: {
  onClose: () => void;
  onDelete: (reason: { category: DeletionReason; feedback: string }) => Promise<void>;
}) {
  const intl = useIntl();
  const titleId = useId();
  const reasonId = useId();
  const feedbackId = useId();
  const [category, setCategory] = useState<DeletionReason | "">("");
  const [feedback, setFeedback] = useState("");
  const [confirmed, setConfirmed] = useState(false);

  const remove = useAccountAction("other", async () => {
    if (category === "") return;
    await onDelete({ category, feedback: feedback.trim() });
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void remove.run();
  };

  return (
    <Dialog size="standard" labelledBy={titleId} onClose={remove.busy ? undefined : onClose}>
      <h2 id={titleId} className="cairn-dialog__title">
        <FormattedMessage id="account.delete.title" />
      </h2>
      <form className="cairn-account__form cairn-delete-account" onSubmit={submit}>
        <p className="cairn-dialog__message">
          <FormattedMessage id="account.delete.explanation" />
        </p>
        <div className="cairn-field">
          <label className="cairn-field__label" htmlFor={reasonId}>
            <FormattedMessage id="account.delete.reason" />
          </label>
          <select
            id={reasonId}
            className="cairn-field__input"
            value={category}
            required
            onChange={(event) => {
              const value = event.target.value;
              setCategory(deletionReasons.find((reason) => reason === value) ?? "");
            }}
          >
            <option value="" disabled>
              {intl.formatMessage({ id: "account.delete.reason.choose" })}
            </option>
            {deletionReasons.map((reason) => (
              <option key={reason} value={reason}>
                {intl.formatMessage({ id: reasonMessageIds[reason] })}
              </option>
            ))}
          </select>
        </div>
        <div className="cairn-field">
          <label className="cairn-field__label" htmlFor={feedbackId}>
            <FormattedMessage id="account.delete.feedback" />
          </label>
          <textarea
            id={feedbackId}
            className="cairn-field__input"
            value={feedback}
            maxLength={2000}
            onChange={(event) => {
              setFeedback(event.target.value);
            }}
          />
        </div>
        <Checkbox checked={confirmed} onChange={setConfirmed}>
          <FormattedMessage id="account.delete.confirm" />
        </Checkbox>
        <FormError messageId={remove.errorId} />
        <div className="cairn-dialog__buttons">
          <Button
            type="submit"
            variant="critical"
            fullWidth
            busy={remove.busy}
            disabled={category === "" || !confirmed}
          >
            <FormattedMessage id="account.delete.submit" />
          </Button>
          <Button variant="secondary" fullWidth disabled={remove.busy} onClick={onClose}>
            <FormattedMessage id="action.cancel" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
