// Back from the payments page with `status=success` (spec §2: "subscription
// purchase success showing the expiry date"): once the account's details
// are in, the gallery says the plan is active and until when, and takes the
// parameter out of the address bar so a reload does not say it again.

import { useEffect } from "react";
import { FormattedDate, FormattedMessage } from "react-intl";
import type { UserDetailsView } from "../../common/accounts/account-service";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { hasGrantedPlan, purchaseStatusParam, purchaseSucceeded } from "./plan-rules";

export function usePlanSuccessDialog(details: UserDetailsView | undefined): void {
  const { showMessageDialog } = useMessageDialog();
  useEffect(() => {
    if (details === undefined) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(purchaseStatusParam) !== purchaseSucceeded) return;
    url.searchParams.delete(purchaseStatusParam);
    window.history.replaceState(window.history.state, "", url.toString());
    if (!hasGrantedPlan(details.productID)) return;
    showMessageDialog({
      title: <FormattedMessage id="payments.success.title" />,
      message: (
        <span data-testid="plan-success-message">
          <FormattedMessage
            id="payments.success.message"
            values={{
              date: (
                <FormattedDate value={details.subscriptionExpiryTimeUs / 1000} dateStyle="long" />
              ),
            }}
          />
        </span>
      ),
    });
  }, [details, showMessageDialog]);
}
