import type { DB } from "../db/db";

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
  const row = await db
    .selectFrom("server_settings")
    .select("value")
    .where("name", "=", registrationSetting)
    .executeTakeFirst();
  return row?.value === "closed" ? "closed" : "open";
};

/** Open or close registration. See: [Note: Registration can be closed] */
export const setRegistrationState = async (
  db: DB,
  state: RegistrationState,
  nowUs: number,
): Promise<void> => {
  await db
    .insertInto("server_settings")
    .values({ name: registrationSetting, value: state, updated_at_us: nowUs })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value: state, updated_at_us: nowUs }))
    .execute();
};
