// Adding a code: paste its `otpauth://` link, read the QR code of an image
// or of the camera, or type the secret with its issuer, account and
// options. A link or QR of Google Authenticator's export imports its codes.
// Every refusal says why; nothing stored is touched by a refused code.

import { useState } from "react";
import { useIntl } from "react-intl";
import type {
  AddCodeResult,
  ImportAnswer,
} from "../../../workers/authenticator/authenticator-contract";
import { Button } from "../../common/ui/Button";
import { AuthDialogFrame } from "./AuthDialogFrame";
import type { AuthenticatorClient } from "./authenticator-client";
import { CameraScanner } from "./CameraScanner";
import { ImportReportView } from "./ImportReportView";
import { ManualCodeForm } from "./ManualCodeForm";
import { importRefusalMessages, inputErrorMessages } from "./input-errors";

const addTabs = ["link", "image", "camera", "manual"] as const;
type AddTab = (typeof addTabs)[number];

const tabLabels = {
  link: "auth.addTab.link",
  image: "auth.addTab.image",
  camera: "auth.addTab.camera",
  manual: "auth.addTab.manual",
} as const;

/** Google Authenticator's export travels as this kind of link (and its QR code). */
const migrationScheme = "otpauth-migration:";

export function AddCodeDialog({
  client,
  onAdded,
  onClose,
}: {
  client: AuthenticatorClient;
  onAdded: (message: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<AddTab>("link");
  const [link, setLink] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [imported, setImported] = useState<ImportAnswer | undefined>();

  /** Shows what an attempt came to: the dialog closes on a code added. */
  const settle = (result: AddCodeResult | ImportAnswer) => {
    if ("ok" in result) {
      if (result.ok) onAdded(intl.formatMessage({ id: "auth.added" }));
      else setError(intl.formatMessage({ id: inputErrorMessages[result.error] }));
      return;
    }
    if (result.kind === "imported") setImported(result);
    else if (result.kind === "file-refused") {
      setError(intl.formatMessage({ id: importRefusalMessages[result.reason] }));
    } else setError(intl.formatMessage({ id: "auth.error.notAnOtpauthURI" }));
  };

  const run = (attempt: () => Promise<AddCodeResult | ImportAnswer>) => {
    setBusy(true);
    setError(undefined);
    attempt()
      .then(settle, () => {
        setError(intl.formatMessage({ id: "auth.error.generic" }));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  if (imported?.kind === "imported") {
    return (
      <AuthDialogFrame
        title={intl.formatMessage({ id: "auth.import.done" })}
        onClose={onClose}
        testID="auth-add-dialog"
      >
        <ImportReportView report={imported.report} />
        <div className="cairn-dialog__buttons">
          <Button variant="accent" onClick={onClose}>
            {intl.formatMessage({ id: "auth.close" })}
          </Button>
        </div>
      </AuthDialogFrame>
    );
  }

  return (
    <AuthDialogFrame
      title={intl.formatMessage({ id: "auth.add.title" })}
      onClose={busy ? undefined : onClose}
      testID="auth-add-dialog"
    >
      <div className="cairn-auth-tabs" role="tablist">
        {addTabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="cairn-auth-tabs__tab"
            data-testid={`auth-add-tab-${name}`}
            onClick={() => {
              setTab(name);
              setError(undefined);
            }}
          >
            {intl.formatMessage({ id: tabLabels[name] })}
          </button>
        ))}
      </div>
      {tab === "link" && (
        <form
          className="cairn-auth-form"
          onSubmit={(event) => {
            event.preventDefault();
            const text = link.trim();
            run(() =>
              text.toLowerCase().startsWith(migrationScheme)
                ? client.importFile({ name: "google-authenticator.txt", text })
                : client.addFromURI(text),
            );
          }}
        >
          <label className="cairn-field">
            <span className="cairn-field__label">
              {intl.formatMessage({ id: "auth.link.label" })}
            </span>
            <textarea
              className="cairn-field__input cairn-auth-form__link"
              data-testid="auth-link"
              value={link}
              spellCheck={false}
              autoCapitalize="off"
              placeholder="otpauth://totp/…"
              onChange={(event) => {
                setLink(event.target.value);
              }}
            />
          </label>
          {error !== undefined && (
            <p className="cairn-field__error" role="alert" data-testid="auth-add-error">
              {error}
            </p>
          )}
          <div className="cairn-dialog__buttons">
            <Button type="submit" variant="accent" busy={busy} disabled={link.trim() === ""}>
              {intl.formatMessage({ id: "auth.add" })}
            </Button>
          </div>
        </form>
      )}
      {tab === "image" && (
        <div className="cairn-auth-form">
          <p className="cairn-dialog__message">{intl.formatMessage({ id: "auth.image.hint" })}</p>
          <label
            className={`cairn-button cairn-button--secondary cairn-button--medium cairn-auth-form__file`}
          >
            {intl.formatMessage({ id: "auth.image.choose" })}
            <input
              type="file"
              accept="image/*"
              data-testid="auth-qr-file"
              className="cairn-auth-form__file-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file === undefined) return;
                run(async () => client.addFromQRImage(new Uint8Array(await file.arrayBuffer())));
              }}
            />
          </label>
          {busy && <p role="status">{intl.formatMessage({ id: "auth.image.reading" })}</p>}
          {error !== undefined && (
            <p className="cairn-field__error" role="alert" data-testid="auth-add-error">
              {error}
            </p>
          )}
        </div>
      )}
      {tab === "camera" && <CameraScanner client={client} onFound={settle} />}
      {tab === "manual" && (
        <ManualCodeForm
          busy={busy}
          error={error}
          onSubmit={(input) => {
            run(() => client.addManual(input));
          }}
        />
      )}
    </AuthDialogFrame>
  );
}
