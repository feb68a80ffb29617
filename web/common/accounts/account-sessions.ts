// The account's sessions for the settings: every device logged in to this
// app with where and when it was last used, this device first, and ending
// another device's session. The session names are hashes of the tokens; the
// account worker names this device's. See: [Note: Sessions are named by their token's hash]

import type { ApiClient } from "../../../shared/api/client";
import {
  type ActiveSession,
  listSessions,
  terminateSession,
} from "../../../shared/api/endpoints/users";
import type { AccountWorker } from "../../../workers/account/account-worker";
import type { AccountService, SessionView } from "./account-service";

export interface AccountSessionsDependencies {
  api: ApiClient;
  worker: Pick<AccountWorker, "sessionName">;
  /** The logged-in user's token, when there is one. */
  token: () => string | undefined;
}

/** The sessions as the settings list them: this device first, then the most recently used. */
export const sessionsShown = (
  sessions: readonly ActiveSession[],
  thisDeviceName: string | undefined,
): SessionView[] =>
  sessions
    .map((session) => ({
      name: session.token,
      device: session.prettyUA === "" ? session.ua : session.prettyUA,
      ip: session.ip,
      createdAtMs: Math.floor(session.creationTime / 1000),
      lastUsedAtMs: Math.floor(session.lastUsedTime / 1000),
      isThisDevice: session.token === thisDeviceName,
    }))
    .sort(
      (a, b) => Number(b.isThisDevice) - Number(a.isThisDevice) || b.lastUsedAtMs - a.lastUsedAtMs,
    );

export const createAccountSessions = ({
  api,
  worker,
  token,
}: AccountSessionsDependencies): Pick<AccountService, "activeSessions" | "endSession"> => ({
  async activeSessions() {
    const current = token();
    const [{ sessions }, thisDeviceName] = await Promise.all([
      api.call(listSessions),
      current === undefined ? Promise.resolve(undefined) : worker.sessionName(current),
    ]);
    return sessionsShown(sessions, thisDeviceName);
  },

  async endSession(name) {
    await api.call(terminateSession, { query: { token: name } });
  },
});
