// The people an album is shared with (spec §6): each with their role and a
// way to remove them, and a form that shares it with one more person as a
// viewer or a collaborator. The worker seals the album's key to that
// person's public key; an address without an account is said under the field.

import { useId, useState, type SyntheticEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ActionOutcome, AlbumSharing } from "../../../../workers/gallery/gallery-contract";
import { TextField } from "../../../common/account-screens/parts/fields";
import type { MessageId } from "../../../common/i18n/messages";
import { Button } from "../../../common/ui/Button";
import type { PerformLibraryAction } from "../actions/use-library-action";

type Role = "VIEWER" | "COLLABORATOR";

const roleLabels: Record<Role, MessageId> = {
  VIEWER: "gallery.sharing.role.viewer",
  COLLABORATOR: "gallery.sharing.role.collaborator",
};

/** Refusals this form shows under its field instead of in a dialog. */
const inlineRefusals = ["no-account-for-email", "cannot-share-with-self"] as const;
const inlineMessages: Record<(typeof inlineRefusals)[number], MessageId> = {
  "no-account-for-email": "gallery.actions.error.noAccountForEmail",
  "cannot-share-with-self": "gallery.actions.error.cannotShareWithSelf",
};

const isInline = (code: string): code is (typeof inlineRefusals)[number] =>
  (inlineRefusals as readonly string[]).includes(code);

export function SharePeopleSection({
  sharing,
  perform,
  onChanged,
}: {
  sharing: AlbumSharing;
  perform: PerformLibraryAction;
  /** After an action settled: the dialog reads the album's sharing again. */
  onChanged: () => void;
}) {
  const intl = useIntl();
  const roleFieldID = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("VIEWER");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageId | undefined>();
  const trimmed = email.trim();

  const settle = (outcome: ActionOutcome) => {
    onChanged();
    return outcome;
  };

  const share = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed === "" || busy) return;
    setBusy(true);
    const outcome = settle(
      await perform(
        { kind: "share-album", collectionID: sharing.collectionID, email: trimmed, role },
        { inlineRefusals },
      ),
    );
    setBusy(false);
    if (outcome.ok) setEmail("");
    else if (isInline(outcome.code)) setError(inlineMessages[outcome.code]);
  };

  return (
    <section className="cairn-sharing__section" aria-labelledby={`${roleFieldID}-people`}>
      <h3 id={`${roleFieldID}-people`} className="cairn-sharing__heading">
        <FormattedMessage id="gallery.sharing.people" />
      </h3>
      <ul className="cairn-sharing__people" data-testid="sharing-people">
        <li className="cairn-sharing__person">
          <span className="cairn-sharing__email" title={sharing.ownerEmail}>
            {sharing.ownerEmail}
          </span>
          <span className="cairn-sharing__role">
            <FormattedMessage id="gallery.sharing.owner" />
          </span>
        </li>
        {sharing.sharees.map((sharee) => (
          <li
            key={sharee.email}
            className="cairn-sharing__person"
            data-testid="sharing-person"
            data-email={sharee.email}
            data-role={sharee.role}
          >
            <span className="cairn-sharing__email" title={sharee.email}>
              {sharee.email}
            </span>
            <span className="cairn-sharing__role">
              <FormattedMessage
                id={sharee.role === "COLLABORATOR" ? roleLabels.COLLABORATOR : roleLabels.VIEWER}
              />
            </span>
            {sharing.owned && (
              <button
                type="button"
                className="cairn-sharing__remove"
                aria-label={intl.formatMessage(
                  { id: "gallery.sharing.removePerson" },
                  { email: sharee.email },
                )}
                onClick={() => {
                  void perform({
                    kind: "unshare-album",
                    collectionID: sharing.collectionID,
                    email: sharee.email,
                  }).then(settle);
                }}
              >
                <FormattedMessage id="gallery.sharing.remove" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {sharing.owned && (
        <form className="cairn-sharing__add" onSubmit={(event) => void share(event)}>
          <TextField
            labelId="gallery.sharing.email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
            error={error === undefined ? undefined : intl.formatMessage({ id: error })}
          />
          <div className="cairn-field">
            <label className="cairn-field__label" htmlFor={roleFieldID}>
              <FormattedMessage id="gallery.sharing.role" />
            </label>
            <select
              id={roleFieldID}
              className="cairn-field__input"
              value={role}
              onChange={(event) => {
                setRole(event.target.value === "COLLABORATOR" ? "COLLABORATOR" : "VIEWER");
              }}
            >
              {(Object.keys(roleLabels) as Role[]).map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage({ id: roleLabels[value] })}
                </option>
              ))}
            </select>
          </div>
          <p className="cairn-sharing__hint">
            <FormattedMessage id="gallery.sharing.roleHint" />
          </p>
          <Button type="submit" variant="accent" busy={busy} disabled={trimmed === ""}>
            <FormattedMessage id="gallery.sharing.add" />
          </Button>
        </form>
      )}
    </section>
  );
}
