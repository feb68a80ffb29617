// The settings side of the account: user details for the sidebar, the
// remote flags (map, face search), the remote feature flags, the recovery
// key to show again.

import type { ApiClient } from "../../../shared/api/client";
import {
  getFeatureFlags,
  getRemoteStoreValue,
  updateRemoteStore,
} from "../../../shared/api/endpoints/remote-store";
import { getUserDetails } from "../../../shared/api/endpoints/users";
import type { AccountWorker } from "../../../workers/account/account-worker";
import type { Logger } from "../log/log";
import type { LocalStore } from "../storage/typed-storage";
import type { AccountService } from "./account-service";
import type { AccountTimers } from "./timers";

/**
 * Spec §9: the feature flags are fetched 2000 ms after start, so that the
 * calls the first screen needs go first.
 */
export const featureFlagsDelayMs = 2000;

export interface AccountSettingsDependencies {
  api: ApiClient;
  worker: AccountWorker;
  localStore: LocalStore;
  timers: AccountTimers;
  log: Pick<Logger, "warn">;
}

type AccountSettings = Pick<
  AccountService,
  | "userDetails"
  | "remoteFlag"
  | "setRemoteFlag"
  | "scheduleFeatureFlagsPull"
  | "recoveryMnemonic"
  | "verifyPassword"
> & {
  /** Logout: the scheduled pull must not write flags after the stores were cleared. */
  cancelScheduledPulls: () => void;
};

const flagValue = (value: boolean) => (value ? "true" : "false");

export const createAccountSettings = ({
  api,
  worker,
  localStore,
  timers,
  log,
}: AccountSettingsDependencies): AccountSettings => {
  let cancelPull: (() => void) | undefined;

  const pullFeatureFlags = async () => {
    const { internalUser, betaUser } = await api.call(getFeatureFlags);
    localStore.set("remoteFeatureFlags", { internalUser, betaUser });
  };

  return {
    async userDetails() {
      const details = await api.call(getUserDetails, { query: { memoryCount: true } });
      const { subscription, familyData, profileData } = details;
      localStore.set("subscription", subscription);
      if (familyData === undefined) localStore.remove("familyData");
      else localStore.set("familyData", { members: familyData.members ?? [] });
      return {
        email: details.email,
        usageBytes: details.usage,
        fileCount: details.fileCount ?? 0,
        storageBytes: subscription.storage + details.storageBonus,
        subscriptionExpiryTimeUs: subscription.expiryTime,
        productID: subscription.productID,
        isTwoFactorEnabled: profileData.isTwoFactorEnabled,
        passkeyCount: profileData.passkeyCount,
        ...(familyData === undefined
          ? {}
          : {
              familyData: {
                members: (familyData.members ?? []).map(({ id, email, usage, isAdmin }) => ({
                  id,
                  email,
                  usageBytes: usage,
                  isAdmin,
                })),
                storageBytes: familyData.storage,
              },
            }),
      };
    },

    async remoteFlag(key) {
      const { value } = await api.call(getRemoteStoreValue, {
        query: { key, defaultValue: flagValue(false) },
      });
      return value === "true";
    },

    async setRemoteFlag(key, value) {
      await api.call(updateRemoteStore, { body: { key, value: flagValue(value) } });
      if (key === "mapEnabled") localStore.set("mapEnabled", value);
    },

    scheduleFeatureFlagsPull() {
      if (cancelPull !== undefined) return;
      cancelPull = timers.setTimeout(() => {
        pullFeatureFlags().catch((e: unknown) => {
          log.warn("Could not fetch the remote feature flags", e);
        });
      }, featureFlagsDelayMs);
    },

    recoveryMnemonic: () => worker.recoveryMnemonic(),

    verifyPassword: (password) => worker.verifyPassword(password),

    cancelScheduledPulls() {
      cancelPull?.();
      cancelPull = undefined;
    },
  };
};
