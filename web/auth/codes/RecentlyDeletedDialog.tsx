// "Recently deleted": codes deleted from the list, each restorable, or
// deleted for good (on every device) after a confirmation.

import { useState } from "react";
import { useIntl } from "react-intl";
import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";
import { Button } from "../../common/ui/Button";
import { AuthDialogFrame } from "./AuthDialogFrame";
import type { AuthenticatorClient } from "./authenticator-client";

export function RecentlyDeletedDialog({
  client,
  trashed,
  onClose,
}: {
  client: AuthenticatorClient;
  trashed: readonly AuthCodeSummary[];
  onClose: () => void;
}) {
  const intl = useIntl();
  /** The codes whose "delete for good" waits for a confirmation. */
  const [confirming, setConfirming] = useState<readonly string[] | undefined>();
  const [error, setError] = useState(false);
  const act = (work: Promise<void>) => {
    setError(false);
    work.catch(() => {
      setError(true);
    });
  };

  if (confirming !== undefined) {
    return (
      <AuthDialogFrame
        title={intl.formatMessage({ id: "auth.trash.confirmTitle" }, { count: confirming.length })}
        onClose={() => {
          setConfirming(undefined);
        }}
        testID="auth-trash-confirm"
      >
        <p className="cairn-dialog__message">
          {intl.formatMessage({ id: "auth.trash.confirmText" })}
        </p>
        <div className="cairn-dialog__buttons">
          <Button
            variant="critical"
            onClick={() => {
              act(client.deleteForever(confirming));
              setConfirming(undefined);
            }}
          >
            {intl.formatMessage({ id: "auth.trash.deleteForever" })}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setConfirming(undefined);
            }}
          >
            {intl.formatMessage({ id: "auth.cancel" })}
          </Button>
        </div>
      </AuthDialogFrame>
    );
  }

  return (
    <AuthDialogFrame
      title={intl.formatMessage({ id: "auth.trash.title" })}
      onClose={onClose}
      testID="auth-trash-dialog"
    >
      {trashed.length === 0 ? (
        <p className="cairn-dialog__message">{intl.formatMessage({ id: "auth.trash.empty" })}</p>
      ) : (
        <ul className="cairn-auth-trash">
          {trashed.map((code) => (
            <li
              key={code.id}
              className="cairn-auth-trash__item"
              data-testid="auth-trashed"
              data-issuer={code.issuer}
            >
              <span className="cairn-auth-trash__names">
                <span className="cairn-code__issuer">{code.issuer || code.account}</span>
                {code.issuer !== "" && code.account !== "" && (
                  <span className="cairn-code__account">{code.account}</span>
                )}
              </span>
              <span className="cairn-auth-trash__actions">
                <Button
                  variant="secondary"
                  data-testid="auth-restore"
                  onClick={() => {
                    act(client.restore([code.id]));
                  }}
                >
                  {intl.formatMessage({ id: "auth.trash.restore" })}
                </Button>
                <Button
                  variant="critical"
                  data-testid="auth-delete-forever"
                  onClick={() => {
                    setConfirming([code.id]);
                  }}
                >
                  {intl.formatMessage({ id: "auth.trash.delete" })}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="cairn-field__error" role="alert">
          {intl.formatMessage({ id: "auth.error.generic" })}
        </p>
      )}
      <div className="cairn-dialog__buttons">
        {trashed.length > 1 && (
          <Button
            variant="critical"
            onClick={() => {
              setConfirming(trashed.map((code) => code.id));
            }}
          >
            {intl.formatMessage({ id: "auth.trash.deleteAll" })}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {intl.formatMessage({ id: "auth.close" })}
        </Button>
      </div>
    </AuthDialogFrame>
  );
}
