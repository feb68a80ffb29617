// Asks for an album's name: for a new album and for a rename. The spec's
// new-album rule (§5) is the worker's; when it refuses the name, the reason
// shows under the field and the dialog stays open for another name.

import { useState, type SyntheticEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ActionOutcome } from "../../../../workers/gallery/gallery-contract";
import { TextField } from "../../../common/account-screens/parts/fields";
import type { MessageId } from "../../../common/i18n/messages";
import { Button } from "../../../common/ui/Button";
import { refusalDisplay } from "./action-messages";
import { ActionDialog } from "./ActionDialog";

export interface AlbumNameDialogProps {
  titleId: MessageId;
  submitLabelId: MessageId;
  initialName?: string;
  /** Performs the action with `inlineRefusals: ["album-name-taken"]`. */
  onSubmit: (name: string) => Promise<ActionOutcome>;
  onClose: () => void;
}

export function AlbumNameDialog({
  titleId,
  submitLabelId,
  initialName = "",
  onSubmit,
  onClose,
}: AlbumNameDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const [takenName, setTakenName] = useState<string | undefined>();
  const trimmed = name.trim();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed === "" || busy) return;
    setBusy(true);
    const outcome = await onSubmit(trimmed);
    setBusy(false);
    if (!outcome.ok && outcome.code === "album-name-taken") setTakenName(trimmed);
    else onClose();
  };

  const taken =
    takenName === undefined
      ? undefined
      : refusalDisplay("album-name-taken", { kind: "create-album", name: takenName });

  return (
    <ActionDialog title={<FormattedMessage id={titleId} />} onClose={busy ? undefined : onClose}>
      {() => (
        <form className="cairn-action-form" onSubmit={(event) => void submit(event)}>
          <TextField
            labelId="gallery.actions.albumName"
            value={name}
            autoFocus
            onChange={(value) => {
              setName(value);
              setTakenName(undefined);
            }}
            error={
              taken?.kind === "error"
                ? intl.formatMessage({ id: taken.message.id }, taken.message.values)
                : undefined
            }
          />
          <div className="cairn-dialog__buttons">
            <Button type="submit" variant="accent" fullWidth busy={busy} disabled={trimmed === ""}>
              <FormattedMessage id={submitLabelId} />
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
