import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { useAppDefinition } from "../../app/app-definition";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { settingsPaths } from "../login/home-path";
import { NewPasswordForm } from "../parts/NewPasswordForm";
import { useAccountAction } from "../parts/use-account-action";

/** `/change-password`: a new password for the unlocked account. */
export function ChangePasswordPage() {
  const service = useAccountService();
  const app = useAppDefinition();
  const [done, setDone] = useState(false);

  const change = useAccountAction("other", async (password: string) => {
    await service.changePassword(password);
    setDone(true);
  });

  return (
    <AccountCard
      titleId="route.changePassword"
      subtitle={<FormattedMessage id="account.changePassword.subtitle" />}
      footer={
        <Link to={settingsPaths[app.name]}>
          <FormattedMessage id={done ? "action.done" : "action.cancel"} />
        </Link>
      }
    >
      {done ? (
        <p className="cairn-account__success" role="status">
          <FormattedMessage id="account.changePassword.done" />
        </p>
      ) : (
        <NewPasswordForm
          submitLabelId="account.changePassword.submit"
          busy={change.busy}
          errorId={change.errorId}
          onSubmit={(password) => void change.run(password)}
        />
      )}
    </AccountCard>
  );
}
