import type { DB } from "../db/db";
import { putServerSetting, serverSettingOf } from "./server-settings-repository";

// [Note: Registration can be closed]
//
// The operator closes registration with `npm run admin -- close-registration`
// (wire-contract §2.1: "`signup` with `internal.disable-registration` →
// 403"). The state is a row of `server_settings`, read by the sign-up path on
// every request rather than cached or taken from the environment, so a
// running server (or several behind a load balancer) obeys the command at
// once. Closing refuses new accounts only: asking for a sign-up code, and
// verifying an email that has no account yet. People who have an account,
// including one whose sign-up is half done, carry on. The refusal of a
// sign-up code is 403 PERMISSION_DENIED and counts against the same disclosure
// budget as the other refusals of `POST /users/ott` (see [Note: Disclosing
// answers are limited]): past it the server answers 200 and mails nothing.

const registrationSetting = "registration";

export type RegistrationState = "open" | "closed";

/** Whether new accounts may be created; open unless the operator closed it. */
export const registrationStateOf = async (db: DB): Promise<RegistrationState> => {
  const value = await serverSettingOf(db, registrationSetting);
  return value === "closed" ? "closed" : "open";
};

/** Open or close registration. See: [Note: Registration can be closed] */
export const setRegistrationState = async (
  db: DB,
  state: RegistrationState,
  nowUs: number,
): Promise<void> => {
  await putServerSetting(db, registrationSetting, state, nowUs);
};
