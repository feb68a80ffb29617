import { useEffect, useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { Link, Navigate, useLocation } from "react-router";
import { useRuntimeConfig } from "../../config/runtime-config-context";
import { log } from "../../log/log";
import { RequestCanceledError } from "../../../../shared/model/errors";
import { buttonClassName } from "../../ui/Button";
import { Button } from "../../ui/Button";
import { accountErrorMessageId } from "../parts/account-error";
import { AccountCard, ProgressNote } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { CodeField, FormError } from "../parts/fields";
import {
  parseLocationState,
  twoFactorStateSchema,
  useFollowLoginStep,
  type TwoFactorState,
} from "../login/login-flow";
import type { MessageId } from "../../i18n/messages";
import {
  passkeyReturnURL,
  passkeySessionParam,
  passkeyVerificationURL,
} from "../passkeys/passkey-links";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/two-factor/verify`: the second factor of a login, a code from the
 * authenticator app (TOTP) or a passkey verified in the accounts app.
 */
export function TwoFactorVerifyPage() {
  const location = useLocation();
  const config = useRuntimeConfig();
  const state: TwoFactorState | undefined =
    parseLocationState(twoFactorStateSchema, location.state) ??
    passkeyStateFromQuery(location.search, config.apps.accounts);
  if (!state) return <Navigate to="/login" replace />;
  return state.kind === "totp" ? (
    <TotpVerification sessionID={state.sessionID} />
  ) : (
    <PasskeyVerification state={state} />
  );
}

/** Back from the accounts app: `?passkeySessionID=…` (see: [Note: Passkey login goes through the accounts app]). */
function passkeyStateFromQuery(search: string, accountsUrl: string): TwoFactorState | undefined {
  const sessionID = new URLSearchParams(search).get(passkeySessionParam);
  return sessionID ? { kind: "passkey", sessionID, accountsUrl } : undefined;
}

function TotpVerification({ sessionID }: { sessionID: string }) {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const [code, setCode] = useState("");

  const verify = useAccountAction("check-code", async () => {
    followLoginStep(await service.verifyTwoFactor(sessionID, code));
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void verify.run();
  };

  return (
    <AccountCard
      titleId="route.twoFactorVerify"
      subtitle={<FormattedMessage id="account.twoFactor.verifySubtitle" />}
      footer={
        <Link to="/two-factor/recover" state={{ kind: "totp", sessionID } satisfies TwoFactorState}>
          <FormattedMessage id="account.twoFactor.lostDevice" />
        </Link>
      }
    >
      <form className="cairn-account__form" onSubmit={onSubmit}>
        <CodeField labelId="account.twoFactor.code" value={code} onChange={setCode} />
        <FormError messageId={verify.errorId} />
        <Button
          type="submit"
          variant="accent"
          size="large"
          fullWidth
          busy={verify.busy}
          disabled={code.length !== 6}
        >
          <FormattedMessage id="account.twoFactor.verify" />
        </Button>
      </form>
    </AccountCard>
  );
}

function PasskeyVerification({ state }: { state: Extract<TwoFactorState, { kind: "passkey" }> }) {
  const service = useAccountService();
  const followLoginStep = useFollowLoginStep();
  const [errorId, setErrorId] = useState<MessageId | undefined>();
  const [attempt, setAttempt] = useState(0);
  const { sessionID, accountsUrl } = state;

  // Wait for the accounts app to verify the passkey, in this tab or another.
  useEffect(() => {
    const controller = new AbortController();
    service.waitForPasskeyLogin(sessionID, controller.signal).then(
      (step) => {
        if (!controller.signal.aborted) followLoginStep(step);
      },
      (e: unknown) => {
        if (controller.signal.aborted || e instanceof RequestCanceledError) return;
        log.error("Passkey login failed", e);
        setErrorId(accountErrorMessageId(e, "check-code"));
      },
    );
    return () => {
      controller.abort();
    };
  }, [service, sessionID, followLoginStep, attempt]);

  const verificationURL = passkeyVerificationURL(
    accountsUrl,
    sessionID,
    passkeyReturnURL(window.location.origin, sessionID),
  );

  return (
    <AccountCard
      titleId="route.twoFactorVerify"
      subtitle={<FormattedMessage id="account.passkey.loginSubtitle" />}
      footer={
        <Link to="/two-factor/recover" state={state}>
          <FormattedMessage id="account.passkey.lost" />
        </Link>
      }
    >
      {errorId === undefined ? (
        <ProgressNote messageId="account.passkey.waiting" />
      ) : (
        <>
          <FormError messageId={errorId} />
          <Button
            variant="secondary"
            onClick={() => {
              setErrorId(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            <FormattedMessage id="action.retry" />
          </Button>
        </>
      )}
      <a
        href={verificationURL}
        target="_blank"
        rel="noopener"
        className={buttonClassName({ variant: "accent", size: "large", fullWidth: true })}
      >
        <FormattedMessage id="account.passkey.open" />
      </a>
    </AccountCard>
  );
}
