// The people page while face indexing is off: what it does and where faces
// are found, and the button that turns it on.

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { log } from "../../common/log/log";
import { Button } from "../../common/ui/Button";

export function FaceIndexingOff({ onEnable }: { onEnable: (() => Promise<void>) | undefined }) {
  const { showErrorDialog } = useMessageDialog();
  const [busy, setBusy] = useState(false);
  return (
    <section className="cairn-people__off" data-testid="people-off">
      <h2 className="cairn-people__off-title">
        <FormattedMessage id="people.off.title" />
      </h2>
      <p className="cairn-people__off-text">
        <FormattedMessage id="people.off.explanation" />
      </p>
      <Button
        variant="accent"
        busy={busy}
        disabled={onEnable === undefined}
        data-testid="people-enable"
        onClick={() => {
          if (onEnable === undefined) return;
          setBusy(true);
          onEnable()
            .catch((e: unknown) => {
              log.error("Could not enable face indexing", e);
              showErrorDialog();
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        <FormattedMessage id="people.enable" />
      </Button>
    </section>
  );
}
