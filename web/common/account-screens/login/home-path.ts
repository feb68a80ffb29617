import type { WebAppName } from "../../app/app-names";

/** Where each app takes a person once they are logged in (spec §2). */
export const homePaths: Record<WebAppName, string> = {
  photos: "/gallery",
  accounts: "/passkeys",
  auth: "/auth",
};
