// Cairn's own payments page (spec §2: the provider's web site, reached with
// the payment token): this server sells nothing, so the page says who
// grants plans here (its administrator), shows the user's plan and the
// plans the administrator offers, and goes back to the gallery, telling it
// when a granted plan is in place (the gallery then shows the plan's
// dialog). The token only opens the page: it leaves the address bar at once.

import { useEffect, useMemo, useState } from "react";
import { FormattedDate, FormattedMessage } from "react-intl";
import { createApiClient } from "../../../shared/api/client";
import { getPlansV2 } from "../../../shared/api/endpoints/billing";
import type { z } from "zod";
import type { planSchema } from "../../../shared/api/endpoints/account-schemas";
import { photosClientPackage } from "../../common/shell/client-package";
import type { UserDetailsView } from "../../common/accounts/account-service";
import { AccountCard } from "../../common/account-screens/parts/AccountCard";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { useFormatBytes } from "../../common/i18n/use-format-bytes";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { log } from "../../common/log/log";
import { Button } from "../../common/ui/Button";
import { hasGrantedPlan, paymentTokenParam, returnURL } from "./plan-rules";

type PlanJSON = z.infer<typeof planSchema>;

export function PaymentsPage() {
  const config = useRuntimeConfig();
  const service = useAccountService();
  const storageText = useFormatBytes();
  const [redirectURL] = useState(() =>
    new URLSearchParams(window.location.search).get("redirectURL"),
  );
  const [plans, setPlans] = useState<PlanJSON[] | null | undefined>();
  const [details, setDetails] = useState<UserDetailsView | undefined>();
  const api = useMemo(
    () =>
      createApiClient({
        apiOrigin: config.apiOrigin,
        clientPackage: photosClientPackage(),
        fetch: (url, init) => fetch(url, init),
      }),
    [config.apiOrigin],
  );

  useEffect(() => {
    // The token opened the page; it is not kept in the history.
    const url = new URL(window.location.href);
    if (url.searchParams.has(paymentTokenParam)) {
      url.searchParams.delete(paymentTokenParam);
      window.history.replaceState(window.history.state, "", url.toString());
    }
  }, []);

  useEffect(() => {
    let current = true;
    api.call(getPlansV2).then(
      ({ plans: offered }) => {
        if (current) setPlans(offered);
      },
      (e: unknown) => {
        log.error("Could not load the server's plans", e);
        if (current) setPlans(null);
      },
    );
    service.userDetails().then(
      (loaded) => {
        if (current) setDetails(loaded);
      },
      (e: unknown) => {
        log.error("Could not load the account's plan", e);
      },
    );
    return () => {
      current = false;
    };
  }, [api, service]);

  const granted = details !== undefined && hasGrantedPlan(details.productID);
  const familyMember =
    details?.familyData?.members.some(
      (member) => member.email === details.email && !member.isAdmin,
    ) === true;

  return (
    <AccountCard titleId="payments.title" wide>
      <div className="cairn-payments" data-testid="payments-page">
        {details !== undefined && (
          <p data-testid="payments-current-plan">
            {granted ? (
              <FormattedMessage
                id="payments.currentPlan"
                values={{
                  storage: storageText(details.storageBytes),
                  date: (
                    <FormattedDate
                      value={details.subscriptionExpiryTimeUs / 1000}
                      dateStyle="long"
                    />
                  ),
                }}
              />
            ) : (
              <FormattedMessage
                id="payments.freePlan"
                values={{ storage: storageText(details.storageBytes) }}
              />
            )}
          </p>
        )}
        <p>
          <FormattedMessage id="payments.explanation" />
        </p>
        {familyMember && (
          <p>
            <FormattedMessage id="payments.familyMember" />
          </p>
        )}
        {plans !== undefined && plans !== null && plans.length > 0 && (
          <>
            <h2 className="cairn-payments__heading">
              <FormattedMessage id="payments.offered" />
            </h2>
            <ul className="cairn-payments__plans" data-testid="payments-plans">
              {plans.map((plan) => (
                <li key={plan.id}>
                  <FormattedMessage
                    id={plan.period === "month" ? "payments.plan.month" : "payments.plan.year"}
                    values={{ storage: storageText(plan.storage), price: plan.price }}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <Button
          variant="accent"
          fullWidth
          onClick={() => {
            window.location.assign(returnURL(redirectURL, config.apps.photos, granted));
          }}
        >
          <FormattedMessage id="payments.back" />
        </Button>
      </div>
    </AccountCard>
  );
}
