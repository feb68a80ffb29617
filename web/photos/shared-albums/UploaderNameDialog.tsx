// Asks a public link's visitor for their name before their photos go into
// the album: the name travels encrypted with each file and is shown as
// "Added by …" to everyone who sees the album.
// See: [Note: A visitor's uploads carry the name they gave]

import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { TextField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { ActionDialog } from "../gallery/actions/ActionDialog";

/** The longest name kept (a name, not a message). */
export const uploaderNameMaxLength = 100;

export interface UploaderNameDialogProps {
  /** The name given last on this page, to confirm or change. */
  initialName: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

export function UploaderNameDialog({ initialName, onSubmit, onClose }: UploaderNameDialogProps) {
  const [name, setName] = useState(initialName);
  const trimmed = name.trim().slice(0, uploaderNameMaxLength);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed !== "") onSubmit(trimmed);
  };

  return (
    <ActionDialog title={<FormattedMessage id="publicAlbum.upload.nameTitle" />} onClose={onClose}>
      {() => (
        <form className="cairn-action-form" onSubmit={submit} data-testid="uploader-name-dialog">
          <p className="cairn-dialog__message">
            <FormattedMessage id="publicAlbum.upload.nameMessage" />
          </p>
          <TextField
            labelId="publicAlbum.upload.nameLabel"
            value={name}
            autoFocus
            autoComplete="name"
            maxLength={uploaderNameMaxLength}
            onChange={setName}
          />
          <div className="cairn-dialog__buttons">
            <Button type="submit" variant="accent" fullWidth disabled={trimmed === ""}>
              <FormattedMessage id="publicAlbum.upload.nameContinue" />
            </Button>
            <Button variant="secondary" fullWidth onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </form>
      )}
    </ActionDialog>
  );
}
