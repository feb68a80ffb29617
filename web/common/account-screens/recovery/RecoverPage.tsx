import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link, Navigate } from "react-router";
import { localStore } from "../../storage/local-store";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError } from "../parts/fields";
import { useFollowLoginStep } from "../login/login-flow";
import { NewPasswordForm } from "../parts/NewPasswordForm";
import { normalizeRecoveryKey, RecoveryKeyField } from "./RecoveryKeyField";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/recover`: the recovery key unlocks the master key in place of the
 * forgotten password, then a new password is set. It needs the user of a
 * login in progress (after a mailed code, the token waits sealed until the
 * master key is open).
 */
export function RecoverPage() {
  if (localStore.get("user") === undefined) return <Navigate to="/login" replace />;
  return <RecoverFlow />;
}

function RecoverFlow() {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const [recoveryKey, setRecoveryKey] = useState("");
  const [stage, setStage] = useState<"key" | "password">("key");

  const unlock = useAccountAction("recovery-key", async () => {
    await service.recoverWithRecoveryKey(normalizeRecoveryKey(recoveryKey));
    setRecoveryKey("");
    setStage("password");
  });

  const setPassword = useAccountAction("other", async (password: string) => {
    await service.changePassword(password);
    followLoginStep({ kind: "logged-in" });
  });

  if (stage === "password") {
    return (
      <AccountCard
        titleId="account.recover.newPasswordTitle"
        subtitle={<FormattedMessage id="account.recover.newPasswordSubtitle" />}
      >
        <NewPasswordForm
          submitLabelId="account.recover.submitPassword"
          busy={setPassword.busy}
          errorId={setPassword.errorId}
          onSubmit={(password) => void setPassword.run(password)}
        />
      </AccountCard>
    );
  }

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void unlock.run();
  };

  return (
    <AccountCard
      titleId="route.recover"
      subtitle={<FormattedMessage id="account.recover.subtitle" />}
      footer={
        <Link to="/credentials">
          <FormattedMessage id="account.recover.rememberPassword" />
        </Link>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        <RecoveryKeyField value={recoveryKey} onChange={setRecoveryKey} />
        <FormError messageId={unlock.errorId} />
        <Button type="submit" variant="accent" size="large" fullWidth busy={unlock.busy}>
          <FormattedMessage id="account.recover.submitKey" />
        </Button>
      </form>
    </AccountCard>
  );
}
