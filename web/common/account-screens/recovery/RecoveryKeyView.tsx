import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNotify } from "../../shell/notification";
import { log } from "../../log/log";
import { Button } from "../../ui/Button";
import { Checkbox } from "../parts/fields";

/** The name of the downloaded recovery key file. */
const recoveryKeyFileName = "cairn-recovery-key.txt";

/** Save `text` as a file through the browser's download. */
function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the URL by now; the blob is no longer needed.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/**
 * The recovery key as 24 numbered words, with copy and download, and the
 * acknowledgement the person must give before going on.
 */
export function RecoveryKeyView({
  mnemonic,
  onContinue,
}: {
  mnemonic: string;
  onContinue: () => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const [acknowledged, setAcknowledged] = useState(false);
  const words = mnemonic.split(/\s+/).filter(Boolean);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(mnemonic);
      notify(<FormattedMessage id="account.recoveryKey.copied" />, { variant: "success" });
    } catch (e) {
      log.warn("Could not copy the recovery key", e);
      notify(<FormattedMessage id="account.recoveryKey.copyFailed" />, { variant: "critical" });
    }
  };

  return (
    <>
      <p className="cairn-account__note">
        <FormattedMessage id="account.recoveryKey.explanation" />
      </p>
      <ol
        className="cairn-recovery-words"
        aria-label={intl.formatMessage({ id: "account.recoveryKey.label" })}
        data-testid="recovery-key"
      >
        {words.map((word, index) => (
          // The same word may appear twice; its position identifies it.
          <li key={index}>{word}</li>
        ))}
      </ol>
      <div className="cairn-account__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          <FormattedMessage id="account.recoveryKey.copy" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            downloadText(`${mnemonic}\n`, recoveryKeyFileName);
          }}
        >
          <FormattedMessage id="account.recoveryKey.download" />
        </Button>
      </div>
      <Checkbox checked={acknowledged} onChange={setAcknowledged}>
        <FormattedMessage id="account.recoveryKey.acknowledge" />
      </Checkbox>
      <Button variant="accent" size="large" fullWidth disabled={!acknowledged} onClick={onContinue}>
        <FormattedMessage id="account.recoveryKey.continue" />
      </Button>
    </>
  );
}
