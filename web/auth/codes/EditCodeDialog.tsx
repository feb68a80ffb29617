// Editing a code: its issuer, account, note and tags. The secret and the
// options stay as they are: a new secret is a new code.

import { useState } from "react";
import { useIntl } from "react-intl";
import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";
import { TextField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { AuthDialogFrame } from "./AuthDialogFrame";
import type { AuthenticatorClient } from "./authenticator-client";
import { parsedTags, tagsText } from "./tags-field";

export function EditCodeDialog({
  client,
  code,
  onDone,
  onClose,
}: {
  client: AuthenticatorClient;
  code: AuthCodeSummary;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [issuer, setIssuer] = useState(code.issuer);
  const [account, setAccount] = useState(code.account);
  const [note, setNote] = useState(code.note);
  const [tags, setTags] = useState(tagsText(code.tags));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);

  return (
    <AuthDialogFrame
      title={intl.formatMessage({ id: "auth.edit.title" })}
      onClose={busy ? undefined : onClose}
      testID="auth-edit-dialog"
    >
      <form
        className="cairn-auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(false);
          client
            .edit(code.id, {
              issuer: issuer.trim(),
              account: account.trim(),
              note: note.trim(),
              tags: parsedTags(tags),
            })
            .then(
              () => {
                onDone(intl.formatMessage({ id: "auth.edit.saved" }));
              },
              () => {
                setError(true);
                setBusy(false);
              },
            );
        }}
      >
        <TextField
          labelId="auth.field.issuer"
          value={issuer}
          onChange={setIssuer}
          name="issuer"
          autoComplete="off"
        />
        <TextField
          labelId="auth.field.account"
          value={account}
          onChange={setAccount}
          name="account"
          autoComplete="off"
        />
        <TextField labelId="auth.field.note" value={note} onChange={setNote} name="note" />
        <TextField
          labelId="auth.field.tags"
          value={tags}
          onChange={setTags}
          name="tags"
          hint={intl.formatMessage({ id: "auth.field.tagsHint" })}
        />
        {error && (
          <p className="cairn-field__error" role="alert">
            {intl.formatMessage({ id: "auth.error.generic" })}
          </p>
        )}
        <div className="cairn-dialog__buttons">
          <Button type="submit" variant="accent" busy={busy}>
            {intl.formatMessage({ id: "auth.edit.save" })}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {intl.formatMessage({ id: "auth.cancel" })}
          </Button>
        </div>
      </form>
    </AuthDialogFrame>
  );
}
