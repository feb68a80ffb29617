// Importing codes from a file: a list of `otpauth://` links, Ente Auth's
// export (plain or encrypted, which asks for its password), Aegis's and
// 2FAS's plain exports, or Google Authenticator's export link. The report
// says what was added, skipped as already there, and refused with why.

import { useState } from "react";
import { useIntl } from "react-intl";
import type { ImportAnswer } from "../../../workers/authenticator/authenticator-contract";
import { PasswordField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { AuthDialogFrame } from "./AuthDialogFrame";
import type { AuthenticatorClient } from "./authenticator-client";
import { ImportReportView } from "./ImportReportView";
import { importRefusalMessages } from "./input-errors";

/** Import files are a few KB; a bigger one is not an export of codes. */
const importMaxBytes = 10 * 1024 * 1024;

export function ImportDialog({
  client,
  onClose,
}: {
  client: AuthenticatorClient;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [file, setFile] = useState<{ name: string; text: string } | undefined>();
  const [answer, setAnswer] = useState<ImportAnswer | undefined>();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = (chosen: { name: string; text: string }, withPassword?: string) => {
    setBusy(true);
    setError(undefined);
    client
      .importFile(chosen, withPassword)
      .then(
        (answered) => {
          setAnswer(answered);
          if (answered.kind === "file-refused") {
            setError(intl.formatMessage({ id: importRefusalMessages[answered.reason] }));
          } else if (answered.kind === "wrong-password") {
            setError(intl.formatMessage({ id: "auth.import.wrongPassword" }));
          }
        },
        () => {
          setError(intl.formatMessage({ id: "auth.error.generic" }));
        },
      )
      .finally(() => {
        setBusy(false);
      });
  };

  if (answer?.kind === "imported") {
    return (
      <AuthDialogFrame
        title={intl.formatMessage({ id: "auth.import.done" })}
        onClose={onClose}
        testID="auth-import-dialog"
      >
        <ImportReportView report={answer.report} />
        <div className="cairn-dialog__buttons">
          <Button variant="accent" onClick={onClose}>
            {intl.formatMessage({ id: "auth.close" })}
          </Button>
        </div>
      </AuthDialogFrame>
    );
  }

  const needsPassword =
    file !== undefined && (answer?.kind === "needs-password" || answer?.kind === "wrong-password");

  return (
    <AuthDialogFrame
      title={intl.formatMessage({ id: "auth.import.title" })}
      onClose={busy ? undefined : onClose}
      testID="auth-import-dialog"
    >
      <p className="cairn-dialog__message">{intl.formatMessage({ id: "auth.import.text" })}</p>
      {needsPassword ? (
        <form
          className="cairn-auth-form"
          onSubmit={(event) => {
            event.preventDefault();
            run(file, password);
          }}
        >
          <PasswordField
            labelId="auth.import.password"
            value={password}
            onChange={setPassword}
            autoFocus
          />
          {error !== undefined && (
            <p className="cairn-field__error" role="alert" data-testid="auth-import-error">
              {error}
            </p>
          )}
          <div className="cairn-dialog__buttons">
            <Button type="submit" variant="accent" busy={busy} disabled={password === ""}>
              {intl.formatMessage({ id: "auth.import.decrypt" })}
            </Button>
          </div>
        </form>
      ) : (
        <div className="cairn-auth-form">
          <label className="cairn-button cairn-button--secondary cairn-button--medium cairn-auth-form__file">
            {intl.formatMessage({ id: "auth.import.choose" })}
            <input
              type="file"
              accept=".txt,.json,.2fas,text/plain,application/json"
              data-testid="auth-import-file"
              className="cairn-auth-form__file-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = "";
                if (chosen === undefined) return;
                if (chosen.size > importMaxBytes) {
                  setError(intl.formatMessage({ id: "auth.import.unknownFormat" }));
                  return;
                }
                void chosen.text().then((text) => {
                  const read = { name: chosen.name, text };
                  setFile(read);
                  run(read);
                });
              }}
            />
          </label>
          {busy && <p role="status">{intl.formatMessage({ id: "auth.import.reading" })}</p>}
          {error !== undefined && (
            <p className="cairn-field__error" role="alert" data-testid="auth-import-error">
              {error}
            </p>
          )}
        </div>
      )}
    </AuthDialogFrame>
  );
}
