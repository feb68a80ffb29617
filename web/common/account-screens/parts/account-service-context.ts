import { createContext, useContext } from "react";
import type { AccountService } from "../../accounts/account-service";

/** The account service of the running app; every account screen calls only this. */
export const AccountServiceContext = createContext<AccountService | undefined>(undefined);

export function useAccountService(): AccountService {
  const service = useContext(AccountServiceContext);
  if (!service) throw new Error("useAccountService outside of an AccountServiceContext");
  return service;
}
