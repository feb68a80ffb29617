// Names a person, or renames them: a text field with Save and Cancel.

import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { TextField } from "../../common/account-screens/parts/fields";
import type { MessageId } from "../../common/i18n/messages";
import { Button } from "../../common/ui/Button";
import { ActionDialog } from "../gallery/actions/ActionDialog";

/** A name longer than this is not one a person types: the field stops there. */
export const maxPersonNameLength = 100;

export function PersonNameDialog({
  titleID,
  initialName,
  onSubmit,
  onClose,
}: {
  titleID: MessageId;
  initialName: string;
  /** Saves the name; the dialog closes once it settles (its failure is the caller's to show). */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed === "" || busy) return;
    setBusy(true);
    void onSubmit(trimmed).finally(onClose);
  };

  return (
    <ActionDialog title={<FormattedMessage id={titleID} />} onClose={busy ? undefined : onClose}>
      {() => (
        <form className="cairn-action-form" onSubmit={submit} data-testid="person-name-dialog">
          <TextField
            labelId="people.name"
            value={name}
            autoFocus
            maxLength={maxPersonNameLength}
            onChange={setName}
            data-testid="person-name-input"
          />
          <div className="cairn-dialog__buttons">
            <Button
              type="submit"
              variant="accent"
              fullWidth
              busy={busy}
              disabled={trimmed === "" || trimmed === initialName}
              data-testid="person-name-save"
            >
              <FormattedMessage id="gallery.actions.save" />
            </Button>
            <Button variant="secondary" fullWidth disabled={busy} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </form>
      )}
    </ActionDialog>
  );
}
