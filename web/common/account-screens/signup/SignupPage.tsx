import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError, TextField } from "../parts/fields";
import type { VerifyState } from "../login/login-flow";
import { useAccountAction } from "../parts/use-account-action";

/** `/signup`: the email address of the new account; a code is mailed to it. */
export function SignupPage() {
  const service = useAccountService();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");

  const submit = useAccountAction("send-code", async () => {
    const address = email.trim();
    await service.sendEmailCode(address, "signup");
    const state: VerifyState = { email: address, purpose: "signup" };
    void navigate("/verify", { state });
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit.run();
  };

  return (
    <AccountCard
      titleId="route.signup"
      subtitle={<FormattedMessage id="account.signup.subtitle" />}
      footer={
        <>
          <span>
            <FormattedMessage id="account.signup.haveAccount" />{" "}
            <Link to="/login">
              <FormattedMessage id="action.logIn" />
            </Link>
          </span>
        </>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit} noValidate={false}>
        <TextField
          labelId="account.email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          required
          autoFocus
        />
        <FormError messageId={submit.errorId} />
        <Button type="submit" variant="accent" size="large" fullWidth busy={submit.busy}>
          <FormattedMessage id="account.signup.submit" />
        </Button>
      </form>
    </AccountCard>
  );
}
