import { useEffect, useState, type SyntheticEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useAppDefinition } from "../../app/app-definition";
import type { TwoFactorSetup } from "../../accounts/account-service";
import { log } from "../../log/log";
import { useNotify } from "../../shell/notification";
import { Button } from "../../ui/Button";
import { accountErrorMessageId } from "../parts/account-error";
import { AccountCard, ProgressNote } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { CodeField, FormError } from "../parts/fields";
import { settingsPaths } from "../login/home-path";
import type { MessageId } from "../../i18n/messages";
import { useAccountAction } from "../parts/use-account-action";

type SetupState =
  | { kind: "loading" }
  | { kind: "failed"; errorId: MessageId }
  | { kind: "enabled" }
  | { kind: "setting-up"; setup: TwoFactorSetup }
  | { kind: "just-enabled" };

/**
 * `/two-factor/setup`: the status of TOTP; when it is off, a QR code and the
 * secret for an authenticator app, and a code from it to switch TOTP on.
 */
export function TwoFactorSetupPage() {
  const service = useAccountService();
  const app = useAppDefinition();
  const [state, setState] = useState<SetupState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const load = async (): Promise<SetupState> => {
      if (await service.twoFactorStatus()) return { kind: "enabled" };
      return { kind: "setting-up", setup: await service.setUpTwoFactor() };
    };
    load().then(
      (next) => {
        if (current) setState(next);
      },
      (e: unknown) => {
        log.error("Could not load the two-factor status", e);
        if (current) setState({ kind: "failed", errorId: accountErrorMessageId(e, "other") });
      },
    );
    return () => {
      current = false;
    };
  }, [service, attempt]);

  const disable = useAccountAction("other", async () => {
    await service.disableTwoFactor();
    setState({ kind: "loading" });
    setAttempt((n) => n + 1);
  });

  const home = (
    <Link to={settingsPaths[app.name]}>
      <FormattedMessage id="action.done" />
    </Link>
  );

  switch (state.kind) {
    case "loading":
      return (
        <AccountCard titleId="route.twoFactorSetup">
          <ProgressNote messageId="shell.loading" />
        </AccountCard>
      );
    case "failed":
      return (
        <AccountCard titleId="route.twoFactorSetup" footer={home}>
          <FormError messageId={state.errorId} />
          <Button
            variant="secondary"
            onClick={() => {
              setState({ kind: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            <FormattedMessage id="action.retry" />
          </Button>
        </AccountCard>
      );
    case "enabled":
    case "just-enabled":
      return (
        <AccountCard titleId="route.twoFactorSetup" footer={home}>
          <p className="cairn-account__success" role="status">
            <FormattedMessage id="account.twoFactor.enabled" />
          </p>
          <FormError messageId={disable.errorId} />
          <Button variant="critical" busy={disable.busy} onClick={() => void disable.run()}>
            <FormattedMessage id="account.twoFactor.disable" />
          </Button>
        </AccountCard>
      );
    case "setting-up":
      return (
        <EnableTwoFactor
          setup={state.setup}
          footer={home}
          onEnabled={() => {
            setState({ kind: "just-enabled" });
          }}
        />
      );
  }
}

function EnableTwoFactor({
  setup,
  footer,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  footer: ReactNode;
  onEnabled: () => void;
}) {
  const intl = useIntl();
  const service = useAccountService();
  const notify = useNotify();
  const [code, setCode] = useState("");

  const enable = useAccountAction("check-code", async () => {
    await service.enableTwoFactor(code);
    onEnabled();
  });

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(setup.secretCode);
      notify(<FormattedMessage id="account.twoFactor.secretCopied" />, { variant: "success" });
    } catch (e) {
      log.warn("Could not copy the two-factor secret", e);
    }
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void enable.run();
  };

  return (
    <AccountCard
      titleId="route.twoFactorSetup"
      subtitle={<FormattedMessage id="account.twoFactor.setupSubtitle" />}
      footer={footer}
    >
      <div className="cairn-qr">
        <img
          src={setup.qrCodeDataURL}
          alt={intl.formatMessage({ id: "account.twoFactor.qrAlt" })}
          width={200}
          height={200}
        />
      </div>
      <p className="cairn-account__note">
        <FormattedMessage id="account.twoFactor.manualEntry" />
      </p>
      <div className="cairn-secret">
        <code data-testid="two-factor-secret">{setup.secretCode}</code>
        <Button variant="secondary" onClick={() => void copySecret()}>
          <FormattedMessage id="account.twoFactor.copySecret" />
        </Button>
      </div>
      <form className="cairn-account__form" onSubmit={onSubmit}>
        <CodeField labelId="account.twoFactor.code" value={code} onChange={setCode} />
        <FormError messageId={enable.errorId} />
        <Button
          type="submit"
          variant="accent"
          size="large"
          fullWidth
          busy={enable.busy}
          disabled={code.length !== 6}
        >
          <FormattedMessage id="account.twoFactor.enable" />
        </Button>
      </form>
    </AccountCard>
  );
}
