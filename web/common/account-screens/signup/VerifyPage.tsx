import { useEffect, useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Navigate, useLocation, useNavigate } from "react-router";
import { Button } from "../../ui/Button";
import { useNotify } from "../../shell/notification";
import { AccountCard } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { CodeField, FormError } from "../parts/fields";
import {
  parseLocationState,
  useFollowLoginStep,
  verifyStateSchema,
  type VerifyState,
} from "../login/login-flow";
import { useAccountAction } from "../parts/use-account-action";

/**
 * How long "resend" stays disabled after a code was sent: long enough for a
 * mail to arrive, short enough that a lost one is not a long wait.
 */
const resendCooldownMs = 30_000;

/** `/verify`: the six-digit code mailed at sign-up (or at an email-code login). */
export function VerifyPage() {
  const location = useLocation();
  const state = parseLocationState(verifyStateSchema, location.state);
  if (!state) return <Navigate to="/signup" replace />;
  return <VerifyForm {...state} />;
}

function VerifyForm({ email, purpose, then }: VerifyState) {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const navigate = useNavigate();
  const notify = useNotify();
  const [code, setCode] = useState("");
  const [canResend, setCanResend] = useState(false);
  const [resendRound, setResendRound] = useState(0);

  // "Resend" opens up a while after each code was sent.
  useEffect(() => {
    const timer = setTimeout(() => {
      setCanResend(true);
    }, resendCooldownMs);
    return () => {
      clearTimeout(timer);
    };
  }, [resendRound]);

  const verify = useAccountAction("check-code", async () => {
    const step = await service.verifyEmailCode(email, code);
    if (then === "recover" && step.kind === "needs-password") {
      void navigate("/recover", { replace: true });
    } else {
      followLoginStep(step);
    }
  });

  const resend = useAccountAction("send-code", async () => {
    await service.sendEmailCode(email, purpose);
    setCode("");
    setCanResend(false);
    setResendRound((n) => n + 1);
    notify(<FormattedMessage id="account.verify.resent" />, { variant: "success" });
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void verify.run();
  };

  return (
    <AccountCard
      titleId="route.verify"
      subtitle={<FormattedMessage id="account.verify.subtitle" values={{ email }} />}
      footer={
        <button
          type="button"
          className="cairn-account__link-button"
          disabled={!canResend || resend.busy}
          onClick={() => void resend.run()}
        >
          <FormattedMessage id="account.verify.resend" />
        </button>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        <CodeField value={code} onChange={setCode} />
        <FormError messageId={verify.errorId ?? resend.errorId} />
        <Button
          type="submit"
          variant="accent"
          size="large"
          fullWidth
          busy={verify.busy}
          disabled={code.length !== 6}
        >
          <FormattedMessage id="account.verify.submit" />
        </Button>
      </form>
    </AccountCard>
  );
}
