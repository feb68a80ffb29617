// Test support: an account service whose every call is a vitest mock, for
// rendering screens without a server or an account worker.

import { vi } from "vitest";
import type { AccountService } from "../account-service";

const notStubbed = (name: string) => () =>
  Promise.reject(new Error(`fake account service: ${name} was not stubbed`));

/** A service where nobody is logged in; tests stub the calls they exercise. */
export function fakeAccountService(overrides: Partial<AccountService> = {}): AccountService {
  const service: AccountService = {
    sendEmailCode: vi.fn(notStubbed("sendEmailCode")),
    verifyEmailCode: vi.fn(notStubbed("verifyEmailCode")),
    generateAccount: vi.fn(notStubbed("generateAccount")),
    loginMethodFor: vi.fn(notStubbed("loginMethodFor")),
    loginWithPassword: vi.fn(notStubbed("loginWithPassword")),
    unlockWithPassword: vi.fn(notStubbed("unlockWithPassword")),
    verifyTwoFactor: vi.fn(notStubbed("verifyTwoFactor")),
    removeTwoFactorWithRecoveryKey: vi.fn(notStubbed("removeTwoFactorWithRecoveryKey")),
    waitForPasskeyLogin: vi.fn(notStubbed("waitForPasskeyLogin")),
    twoFactorStatus: vi.fn(notStubbed("twoFactorStatus")),
    setUpTwoFactor: vi.fn(notStubbed("setUpTwoFactor")),
    enableTwoFactor: vi.fn(notStubbed("enableTwoFactor")),
    disableTwoFactor: vi.fn(notStubbed("disableTwoFactor")),
    recoverWithRecoveryKey: vi.fn(notStubbed("recoverWithRecoveryKey")),
    changePassword: vi.fn(notStubbed("changePassword")),
    changeEmail: vi.fn(notStubbed("changeEmail")),
    checkSessionValidity: vi.fn(() => Promise.resolve("valid" as const)),
    userDetails: vi.fn(notStubbed("userDetails")),
    activeSessions: vi.fn(notStubbed("activeSessions")),
    endSession: vi.fn(notStubbed("endSession")),
    remoteFlag: vi.fn(notStubbed("remoteFlag")),
    setRemoteFlag: vi.fn(notStubbed("setRemoteFlag")),
    logout: vi.fn(() => Promise.resolve()),
    deleteAccount: vi.fn(notStubbed("deleteAccount")),
    resumeSession: vi.fn(() => Promise.resolve({ kind: "logged-out" as const })),
    scheduleFeatureFlagsPull: vi.fn(),
    recoveryMnemonic: vi.fn(notStubbed("recoveryMnemonic")),
    verifyPassword: vi.fn(notStubbed("verifyPassword")),
    fetchAccountsToken: vi.fn(notStubbed("fetchAccountsToken")),
    useAccountsToken: vi.fn(),
    listPasskeys: vi.fn(notStubbed("listPasskeys")),
    beginPasskeyRegistration: vi.fn(notStubbed("beginPasskeyRegistration")),
    finishPasskeyRegistration: vi.fn(notStubbed("finishPasskeyRegistration")),
    renamePasskey: vi.fn(notStubbed("renamePasskey")),
    deletePasskey: vi.fn(notStubbed("deletePasskey")),
  };
  return { ...service, ...overrides };
}
