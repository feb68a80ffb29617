import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Navigate, useLocation } from "react-router";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError } from "../parts/fields";
import { parseLocationState, twoFactorStateSchema, useFollowLoginStep } from "../login/login-flow";
import { normalizeRecoveryKey, RecoveryKeyField } from "../recovery/RecoveryKeyField";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/two-factor/recover`: the recovery key stands in for a lost second factor.
 * For TOTP it switches TOTP off; for a passkey it only skips the passkey for
 * this login (wire-contract §2.3).
 */
export function TwoFactorRecoverPage() {
  const location = useLocation();
  const state = parseLocationState(twoFactorStateSchema, location.state);
  if (!state) return <Navigate to="/login" replace />;
  return <RecoverTwoFactor sessionID={state.sessionID} twoFactorType={state.kind} />;
}

function RecoverTwoFactor({
  sessionID,
  twoFactorType,
}: {
  sessionID: string;
  twoFactorType: "totp" | "passkey";
}) {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const [recoveryKey, setRecoveryKey] = useState("");

  const recover = useAccountAction("recovery-key", async () => {
    followLoginStep(
      await service.removeTwoFactorWithRecoveryKey(
        sessionID,
        normalizeRecoveryKey(recoveryKey),
        twoFactorType,
      ),
    );
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void recover.run();
  };

  return (
    <AccountCard
      titleId="route.twoFactorRecover"
      subtitle={
        <FormattedMessage
          id={
            twoFactorType === "totp"
              ? "account.twoFactor.recoverSubtitle"
              : "account.passkey.recoverSubtitle"
          }
        />
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        <RecoveryKeyField value={recoveryKey} onChange={setRecoveryKey} />
        <FormError messageId={recover.errorId} />
        <Button type="submit" variant="accent" size="large" fullWidth busy={recover.busy}>
          <FormattedMessage id="account.twoFactor.recoverSubmit" />
        </Button>
      </form>
    </AccountCard>
  );
}
