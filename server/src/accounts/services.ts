import type { AccountsContext } from "./context";
import type { AccountLimits } from "./limits";
import type { TokenService } from "./tokens";

/** The context plus the stateful services the handlers share. */
export interface AccountsServices {
  context: AccountsContext;
  tokens: TokenService;
  limits: AccountLimits;
}
