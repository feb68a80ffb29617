// Where a tab that starts on some route must go, given what the account
// service found at start-up (`resumeSession`). Pure.

import type { ResumedSession } from "../../accounts/account-service";
import type { RouteAccess } from "../../routing/route-table";

/** The routes that finish a login; a half-done login may always stay on them. */
const loginStepPaths = new Set(["/credentials", "/generate", "/recover"]);

/**
 * `undefined` to stay. A logged-in route needs the master key, so a tab
 * whose key is not open (a browser restart) goes to `/credentials`, and an
 * account without keys goes to `/generate`.
 */
export function resumeRedirect(
  resumed: ResumedSession,
  path: string,
  access: RouteAccess | undefined,
): string | undefined {
  if (access !== "needs-login" || loginStepPaths.has(path)) return undefined;
  switch (resumed.kind) {
    case "needs-password":
      return "/credentials";
    case "needs-keys":
      return "/generate";
    default:
      return undefined;
  }
}
