// The family page's calls (wire-contract §11) through the shared API client.
// No keys are involved, so they run on the UI thread, as the account
// screens' calls do. The admin's calls carry the FAMILIES JWT of the page's
// link; leaving carries the photos app's session token.

import { createApiClient, type FetchFunction } from "../../../shared/api/client";
import {
  acceptFamilyInvite,
  addFamilyMember,
  createFamily,
  getFamilyInviteInfo,
  getFamilyMembers,
  leaveFamily,
  modifyFamilyStorage,
  removeFamilyMember,
  revokeFamilyInvite,
} from "../../../shared/api/endpoints/families";
import { photosClientPackage } from "../../common/shell/client-package";
import { NotFoundError } from "../../../shared/model/errors";
import type { FamilyListing } from "./family-view";

export interface FamilyClientOptions {
  apiOrigin: string | (() => string);
  fetch: FetchFunction;
  /** The FAMILIES JWT the page was opened with; undefined when none. */
  familiesToken: () => string | undefined | Promise<string | undefined>;
  /** The photos app's session token; undefined when logged out. */
  sessionToken: () => string | undefined;
}

export interface FamilyClient {
  /** The caller's family, or undefined when they are in none (404). */
  fetchFamily(): Promise<FamilyListing | undefined>;
  createFamily(): Promise<void>;
  invite(email: string, storageLimitBytes: number | null): Promise<void>;
  removeMember(id: string): Promise<void>;
  revokeInvite(id: string): Promise<void>;
  changeLimit(id: string, storageLimitBytes: number | null): Promise<void>;
  fetchInvite(inviteToken: string): Promise<{ adminEmail: string }>;
  acceptInvite(inviteToken: string): Promise<{ adminEmail: string; storageBytes: number }>;
  leave(): Promise<void>;
}

export function createFamilyClient(options: FamilyClientOptions): FamilyClient {
  const api = createApiClient({
    apiOrigin: options.apiOrigin,
    clientPackage: photosClientPackage(),
    fetch: options.fetch,
    getFamiliesToken: options.familiesToken,
    getAuthToken: options.sessionToken,
  });
  return {
    async fetchFamily() {
      try {
        const family = await api.call(getFamilyMembers);
        return {
          storageBytes: family.storage,
          members: family.members.map((m) => ({
            id: m.id,
            email: m.email,
            status: m.status,
            usageBytes: m.usage,
            storageLimitBytes: m.storageLimit ?? null,
            isAdmin: m.isAdmin,
          })),
        };
      } catch (e) {
        if (e instanceof NotFoundError) return undefined;
        throw e;
      }
    },
    createFamily: () => api.call(createFamily),
    invite: (email, storageLimitBytes) =>
      api.call(addFamilyMember, {
        body: { email, ...(storageLimitBytes === null ? {} : { storageLimit: storageLimitBytes }) },
      }),
    removeMember: (id) => api.call(removeFamilyMember, { params: { id } }),
    revokeInvite: (id) => api.call(revokeFamilyInvite, { params: { id } }),
    changeLimit: (id, storageLimitBytes) =>
      api.call(modifyFamilyStorage, { body: { id, storageLimit: storageLimitBytes } }),
    fetchInvite: async (inviteToken) => {
      const { adminEmail } = await api.call(getFamilyInviteInfo, {
        params: { token: inviteToken },
      });
      return { adminEmail };
    },
    acceptInvite: async (inviteToken) => {
      const accepted = await api.call(acceptFamilyInvite, { body: { token: inviteToken } });
      return { adminEmail: accepted.adminEmail, storageBytes: accepted.storage };
    },
    leave: () => api.call(leaveFamily),
  };
}
