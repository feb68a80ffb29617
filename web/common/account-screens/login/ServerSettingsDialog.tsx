import { useId, useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "../../dialog/Dialog";
import { localStore } from "../../storage/local-store";
import { Button } from "../../ui/Button";
import { TextField } from "../parts/fields";
import { parseServerEndpoint } from "./server-endpoint";

/**
 * Where the app sends its API calls (spec §7, local storage `apiEndpoint`).
 * The runtime configuration reads the key once at start (see: [Note: Runtime
 * configuration]), so a change takes effect by reloading the app.
 */
export function ServerSettingsDialog({
  onClose,
  reload = () => {
    window.location.reload();
  },
}: {
  onClose: () => void;
  reload?: () => void;
}) {
  const titleId = useId();
  const [text, setText] = useState(() => localStore.get("apiEndpoint") ?? "");
  const [invalid, setInvalid] = useState(false);

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const input = parseServerEndpoint(text);
    switch (input.kind) {
      case "invalid":
        setInvalid(true);
        return;
      case "default":
        localStore.remove("apiEndpoint");
        break;
      case "valid":
        localStore.set("apiEndpoint", input.origin);
        break;
    }
    reload();
  };

  return (
    <Dialog size="standard" labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="cairn-dialog__title">
        <FormattedMessage id="account.server.title" />
      </h2>
      <form className="cairn-account__form cairn-server-settings" onSubmit={save} noValidate>
        <p className="cairn-dialog__message">
          <FormattedMessage id="account.server.explanation" />
        </p>
        <TextField
          labelId="account.server.endpoint"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={text}
          onChange={(value) => {
            setText(value);
            setInvalid(false);
          }}
          error={invalid ? <FormattedMessage id="account.server.invalid" /> : undefined}
          autoFocus
        />
        <div className="cairn-dialog__buttons">
          <Button type="submit" variant="accent" fullWidth>
            <FormattedMessage id="account.server.save" />
          </Button>
          <Button
            variant="secondary"
            fullWidth
            onClick={() => {
              localStore.remove("apiEndpoint");
              reload();
            }}
          >
            <FormattedMessage id="account.server.reset" />
          </Button>
          <Button variant="secondary" fullWidth onClick={onClose}>
            <FormattedMessage id="action.cancel" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
