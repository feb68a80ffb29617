import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link, Navigate, useNavigate } from "react-router";
import { localStore } from "../../storage/local-store";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError, PasswordField } from "../parts/fields";
import { useFollowLoginStep } from "./login-flow";
import { LoginProgressLine, type ShownLoginProgress } from "../parts/LoginProgressLine";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/credentials`: the session token is kept but the master key is not (a
 * browser restart, an email-code login): the password re-derives it.
 */
export function CredentialsPage() {
  // A user (logged in, or whose sealed token awaits the password) is needed:
  // without one there is nothing to unlock, and the login starts over.
  if (localStore.get("user") === undefined) return <Navigate to="/login" replace />;
  return <UnlockForm />;
}

function UnlockForm() {
  const service = useAccountService();
  const navigate = useNavigate();
  const followLoginStep = useFollowLoginStep();
  const [email] = useState(() => localStore.get("user")?.email ?? "");
  const [password, setPassword] = useState("");
  const [progress, setProgress] = useState<ShownLoginProgress | undefined>();

  const unlock = useAccountAction("password", async () => {
    const step = await service.unlockWithPassword(password, setProgress);
    if (step.kind === "logged-in") setProgress("opening-library");
    followLoginStep(step);
  });

  // The way out for someone who is not this user, or wants another address.
  const logout = useAccountAction("other", async () => {
    await service.logout();
    void navigate("/login", { replace: true });
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void unlock.run();
  };

  return (
    <AccountCard
      titleId="route.credentials"
      subtitle={email}
      footer={
        <>
          <Link to="/recover">
            <FormattedMessage id="account.forgotPassword" />
          </Link>
          <button
            type="button"
            className="cairn-account__link-button"
            disabled={logout.busy}
            onClick={() => void logout.run()}
          >
            <FormattedMessage id="account.credentials.changeEmail" />
          </button>
        </>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          labelId="account.password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
          autoFocus
        />
        <FormError messageId={unlock.errorId ?? logout.errorId} />
        <Button type="submit" variant="accent" size="large" fullWidth busy={unlock.busy}>
          <FormattedMessage id="account.credentials.submit" />
        </Button>
        <LoginProgressLine progress={unlock.busy ? progress : undefined} />
      </form>
    </AccountCard>
  );
}
