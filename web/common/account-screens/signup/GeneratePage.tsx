import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Navigate } from "react-router";
import { localStore } from "../../storage/local-store";
import { AccountCard, ProgressNote } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { useFollowLoginStep } from "../login/login-flow";
import { NewPasswordForm } from "../parts/NewPasswordForm";
import { RecoveryKeyView } from "../recovery/RecoveryKeyView";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/generate`: the password of a new account; the keys are made from it in
 * the account worker, then the recovery key is shown once.
 */
export function GeneratePage() {
  // The route needs a token (route guard); it is only for an account that has
  // no keys yet. Checked once on entry: the keys appear while the page runs.
  const [keyless] = useState(() => localStore.get("keyAttributes") === undefined);
  if (!keyless) return <Navigate to="/credentials" replace />;
  return <GenerateFlow />;
}

function GenerateFlow() {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const [mnemonic, setMnemonic] = useState<string | undefined>();

  const generate = useAccountAction("other", async (password: string) => {
    const { recoveryMnemonic } = await service.generateAccount(password);
    setMnemonic(recoveryMnemonic);
  });

  if (mnemonic !== undefined) {
    return (
      <AccountCard
        titleId="account.recoveryKey.title"
        subtitle={<FormattedMessage id="account.recoveryKey.subtitle" />}
        wide
      >
        <RecoveryKeyView
          mnemonic={mnemonic}
          onContinue={() => {
            followLoginStep({ kind: "logged-in" });
          }}
        />
      </AccountCard>
    );
  }

  return (
    <AccountCard
      titleId="route.generate"
      subtitle={<FormattedMessage id="account.generate.subtitle" />}
    >
      {generate.busy ? (
        <ProgressNote messageId="account.generate.progress" />
      ) : (
        <NewPasswordForm
          submitLabelId="account.generate.submit"
          busy={generate.busy}
          errorId={generate.errorId}
          onSubmit={(password) => void generate.run(password)}
        />
      )}
    </AccountCard>
  );
}
