import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError, PasswordField, TextField } from "../parts/fields";
import { useFollowLoginStep, type VerifyState } from "./login-flow";
import { ServerSettingsDialog } from "./ServerSettingsDialog";
import { LoginProgressLine, type ShownLoginProgress } from "../parts/LoginProgressLine";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/login`: the email first; then the password on this same screen when the
 * account has SRP, or a mailed code (`/verify`) when the service says so.
 */
export function LoginPage() {
  const service = useAccountService();
  const navigate = useNavigate();
  const followLoginStep = useFollowLoginStep();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [stage, setStage] = useState<"email" | "password">("email");
  const [serverSettingsOpen, setServerSettingsOpen] = useState(false);
  const [progress, setProgress] = useState<ShownLoginProgress | undefined>();

  const sendCode = async (address: string, then: VerifyState["then"]) => {
    await service.sendEmailCode(address, "login");
    const state: VerifyState = { email: address, purpose: "login", then };
    void navigate("/verify", { state });
  };

  const submitEmail = useAccountAction("send-code", async () => {
    const address = email.trim();
    const method = await service.loginMethodFor(address);
    if (method === "srp") setStage("password");
    else await sendCode(address, undefined);
  });

  const submitPassword = useAccountAction("password", async () => {
    const step = await service.loginWithPassword(email.trim(), password, setProgress);
    if (step.kind === "logged-in") setProgress("opening-library");
    followLoginStep(step);
  });

  // A forgotten password: the mailed code proves the email, then the
  // recovery key replaces the password (`/recover`).
  const forgotPassword = useAccountAction("send-code", () => sendCode(email.trim(), "recover"));

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (stage === "email") void submitEmail.run();
    else void submitPassword.run();
  };

  return (
    <AccountCard
      titleId="route.login"
      subtitle={
        stage === "password" ? email.trim() : <FormattedMessage id="account.login.subtitle" />
      }
      footer={
        <>
          <span>
            <FormattedMessage id="account.login.noAccount" />{" "}
            <Link to="/signup">
              <FormattedMessage id="action.signUp" />
            </Link>
          </span>
          <button
            type="button"
            className="cairn-account__link-button"
            onClick={() => {
              setServerSettingsOpen(true);
            }}
          >
            <FormattedMessage id="account.server.open" />
          </button>
        </>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        {stage === "email" ? (
          <TextField
            labelId="account.email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            required
            autoFocus
          />
        ) : (
          <PasswordField
            labelId="account.password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            required
            autoFocus
          />
        )}
        <FormError
          messageId={
            stage === "email"
              ? submitEmail.errorId
              : (submitPassword.errorId ?? forgotPassword.errorId)
          }
        />
        <Button
          type="submit"
          variant="accent"
          size="large"
          fullWidth
          busy={stage === "email" ? submitEmail.busy : submitPassword.busy}
        >
          <FormattedMessage id={stage === "email" ? "action.continue" : "action.logIn"} />
        </Button>
        {stage === "password" && (
          <LoginProgressLine progress={submitPassword.busy ? progress : undefined} />
        )}
        {stage === "password" && (
          <div className="cairn-account__row">
            <button
              type="button"
              className="cairn-account__link-button"
              onClick={() => {
                setPassword("");
                setStage("email");
              }}
            >
              <FormattedMessage id="account.login.otherEmail" />
            </button>
            <button
              type="button"
              className="cairn-account__link-button"
              disabled={forgotPassword.busy}
              onClick={() => void forgotPassword.run()}
            >
              <FormattedMessage id="account.forgotPassword" />
            </button>
          </div>
        )}
      </form>
      {serverSettingsOpen && (
        <ServerSettingsDialog
          onClose={() => {
            setServerSettingsOpen(false);
          }}
        />
      )}
    </AccountCard>
  );
}
