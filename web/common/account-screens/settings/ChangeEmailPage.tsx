import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { useAppDefinition } from "../../app/app-definition";
import { Button } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { CodeField, FormError, TextField } from "../parts/fields";
import { settingsPaths } from "../login/home-path";
import { useAccountAction } from "../parts/use-account-action";

/** `/change-email`: a new address, proven by a code mailed to it. */
export function ChangeEmailPage() {
  const service = useAccountService();
  const app = useAppDefinition();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [stage, setStage] = useState<"email" | "code" | "done">("email");

  const sendCode = useAccountAction("send-code", async () => {
    await service.sendEmailCode(email.trim(), "change");
    setStage("code");
  });

  const change = useAccountAction("check-code", async () => {
    await service.changeEmail(email.trim(), code);
    setStage("done");
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (stage === "email") void sendCode.run();
    else void change.run();
  };

  return (
    <AccountCard
      titleId="route.changeEmail"
      subtitle={
        stage === "code" ? (
          <FormattedMessage id="account.verify.subtitle" values={{ email: email.trim() }} />
        ) : (
          <FormattedMessage id="account.changeEmail.subtitle" />
        )
      }
      footer={
        <Link to={settingsPaths[app.name]}>
          <FormattedMessage id={stage === "done" ? "action.done" : "action.cancel"} />
        </Link>
      }
    >
      {stage === "done" ? (
        <p className="cairn-account__success" role="status">
          <FormattedMessage id="account.changeEmail.done" values={{ email: email.trim() }} />
        </p>
      ) : (
        <form className="cairn-account__form" onSubmit={onSubmit}>
          {stage === "email" ? (
            <TextField
              labelId="account.changeEmail.newEmail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              required
              autoFocus
            />
          ) : (
            <CodeField value={code} onChange={setCode} />
          )}
          <FormError messageId={stage === "email" ? sendCode.errorId : change.errorId} />
          <Button
            type="submit"
            variant="accent"
            size="large"
            fullWidth
            busy={sendCode.busy || change.busy}
            disabled={stage === "code" && code.length !== 6}
          >
            <FormattedMessage
              id={stage === "email" ? "account.changeEmail.sendCode" : "account.changeEmail.submit"}
            />
          </Button>
        </form>
      )}
    </AccountCard>
  );
}
