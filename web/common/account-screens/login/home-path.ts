import type { WebAppName } from "../../app/app-names";

/** Where each app takes a person once they are logged in (spec §2). */
export const homePaths: Record<WebAppName, string> = {
  photos: "/gallery",
  accounts: "/passkeys",
  auth: "/auth",
};

/**
 * Where the account settings' screens (change email, change password,
 * two-factor setup) go back to when done or cancelled: the page they were
 * opened from.
 */
export const settingsPaths: Record<WebAppName, string> = {
  photos: "/gallery/settings",
  accounts: "/passkeys",
  auth: "/auth",
};
