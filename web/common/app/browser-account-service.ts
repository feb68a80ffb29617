// The account service of this tab, as the app hands it to the screens.

import { clientPackages } from "../../../shared/api/headers";
import type { AccountService } from "../accounts/account-service";
import { createBrowserAccountService } from "../accounts/browser-account-service";
import type { RuntimeConfig } from "../config/runtime-config";
import type { WebAppName } from "./app-names";
import { photosClientPackage } from "../shell/client-package";

const clientPackageOf: Record<WebAppName, string> = {
  photos: photosClientPackage(),
  accounts: clientPackages.accountsWeb,
  auth: clientPackages.authWeb,
};

let tabService: AccountService | undefined;

/**
 * The tab's account service, created on first use. One per tab: the keys
 * live in one account worker per tab, and React may mount the app twice in
 * development (StrictMode), which must not start a second worker.
 */
export function browserAccountService(config: RuntimeConfig, app: WebAppName): AccountService {
  tabService ??= createBrowserAccountService({
    apiOrigin: config.apiOrigin,
    clientPackage: clientPackageOf[app],
  });
  return tabService;
}
