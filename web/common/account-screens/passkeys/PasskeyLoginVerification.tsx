import { useMemo, useState } from "react";
import { FormattedMessage } from "react-intl";
import { createApiClient } from "../../../../shared/api/client";
import { clientPackages } from "../../../../shared/api/headers";
import { useRuntimeConfig } from "../../config/runtime-config-context";
import { Button, buttonClassName } from "../../ui/Button";
import { AccountCard } from "../parts/AccountCard";
import { FormError } from "../parts/fields";
import { verifyPasskeyLogin } from "./passkey-login-ceremony";
import { trustedReturnURL } from "./passkey-links";
import { useAccountAction } from "../parts/use-account-action";

/**
 * `/passkeys?passkeySessionID=…&returnTo=…` in the accounts app: the person
 * confirms the login with their passkey, then goes back to the app they
 * came from (or closes this tab, if they opened it beside that app).
 */
export function PasskeyLoginVerification({
  sessionID,
  redirect,
}: {
  sessionID: string;
  redirect: string | null;
}) {
  const config = useRuntimeConfig();
  const [verified, setVerified] = useState(false);
  const api = useMemo(
    () =>
      createApiClient({
        apiOrigin: config.apiOrigin,
        clientPackage: clientPackages.accountsWeb,
        fetch: (url, init) => fetch(url, init),
      }),
    [config.apiOrigin],
  );
  const returnURL = trustedReturnURL(redirect, [config.apps.photos, config.apps.auth]);

  const verify = useAccountAction("check-code", async () => {
    await verifyPasskeyLogin(api, sessionID);
    setVerified(true);
  });

  return (
    <AccountCard
      titleId="account.passkey.verifyTitle"
      subtitle={<FormattedMessage id="account.passkey.verifySubtitle" />}
    >
      {verified ? (
        <>
          <p className="cairn-account__success" role="status">
            <FormattedMessage id="account.passkey.verified" />
          </p>
          {returnURL !== undefined && (
            <a
              href={returnURL}
              className={buttonClassName({ variant: "secondary", size: "large", fullWidth: true })}
            >
              <FormattedMessage id="account.passkey.returnToApp" />
            </a>
          )}
        </>
      ) : (
        <>
          <FormError messageId={verify.errorId} />
          <Button
            variant="accent"
            size="large"
            fullWidth
            busy={verify.busy}
            onClick={() => void verify.run()}
          >
            <FormattedMessage id="account.passkey.verify" />
          </Button>
        </>
      )}
    </AccountCard>
  );
}
