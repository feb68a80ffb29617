// Exporting the codes: an encrypted file protected by a password (the
// default: it can be kept anywhere), or a plain list of `otpauth://` links
// after a warning that anyone who reads it has the codes.

import { useState } from "react";
import { useIntl } from "react-intl";
import { PasswordField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { AuthDialogFrame } from "./AuthDialogFrame";
import type { AuthenticatorClient } from "./authenticator-client";
import { downloadText, exportFileName } from "./export-file";

type ExportKind = "encrypted" | "plain";

/** The shortest export password: it guards every code, though Argon2id slows guessing. */
const exportPasswordMinLength = 8;

export function ExportDialog({
  client,
  onDone,
  onClose,
}: {
  client: AuthenticatorClient;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [kind, setKind] = useState<ExportKind>("encrypted");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);

  const passwordError =
    password !== "" && password.length < exportPasswordMinLength
      ? intl.formatMessage({ id: "auth.export.passwordShort" }, { count: exportPasswordMinLength })
      : undefined;
  const mismatch =
    confirmation !== "" && confirmation !== password
      ? intl.formatMessage({ id: "auth.export.passwordMismatch" })
      : undefined;
  const ready =
    kind === "plain"
      ? understood
      : password.length >= exportPasswordMinLength && confirmation === password;

  return (
    <AuthDialogFrame
      title={intl.formatMessage({ id: "auth.export.title" })}
      onClose={busy ? undefined : onClose}
      testID="auth-export-dialog"
    >
      <form
        className="cairn-auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(false);
          (kind === "plain" ? client.exportPlain() : client.exportEncrypted(password))
            .then((text) => {
              downloadText(
                text,
                exportFileName(kind, new Date()),
                kind === "plain" ? "text/plain" : "application/json",
              );
              onDone(intl.formatMessage({ id: "auth.export.done" }));
            })
            .catch(() => {
              setError(true);
              setBusy(false);
            });
        }}
      >
        <fieldset className="cairn-auth-form__choice">
          {(["encrypted", "plain"] as const).map((name) => (
            <label key={name} className="cairn-checkbox">
              <input
                type="radio"
                name="export-kind"
                value={name}
                checked={kind === name}
                onChange={() => {
                  setKind(name);
                }}
              />
              <span>
                {intl.formatMessage({
                  id: name === "plain" ? "auth.export.plain" : "auth.export.encrypted",
                })}
              </span>
            </label>
          ))}
        </fieldset>
        {kind === "encrypted" ? (
          <>
            <PasswordField
              labelId="auth.export.password"
              value={password}
              onChange={setPassword}
              error={passwordError}
              autoComplete="new-password"
            />
            <PasswordField
              labelId="auth.export.confirm"
              value={confirmation}
              onChange={setConfirmation}
              error={mismatch}
              autoComplete="new-password"
            />
          </>
        ) : (
          <>
            <p className="cairn-auth-form__warning" role="note">
              {intl.formatMessage({ id: "auth.export.plainWarning" })}
            </p>
            <label className="cairn-checkbox">
              <input
                type="checkbox"
                data-testid="auth-export-understood"
                checked={understood}
                onChange={(event) => {
                  setUnderstood(event.target.checked);
                }}
              />
              {intl.formatMessage({ id: "auth.export.understood" })}
            </label>
          </>
        )}
        {error && (
          <p className="cairn-field__error" role="alert">
            {intl.formatMessage({ id: "auth.error.generic" })}
          </p>
        )}
        <div className="cairn-dialog__buttons">
          <Button type="submit" variant="accent" busy={busy} disabled={!ready}>
            {intl.formatMessage({ id: "auth.export.download" })}
          </Button>
        </div>
      </form>
    </AuthDialogFrame>
  );
}
