// The account flows end to end against the real server, in Node: the account
// worker module runs directly, each "browser" has its own storages and
// IndexedDB. Slow (Argon2id at the sensitive limits, as the server demands):
// about ten key derivations of several seconds each.

import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCairn, type RunningCairn } from "../../../server/src/main";
import { IncorrectPasswordError } from "../../../shared/model/accounts/account-errors";
import { HttpError } from "../../../shared/model/errors";
import { createTestAccountBrowser, type TestAccountTab } from "./test-support/account-browser";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const flowTimeoutMs = 600_000;

let cairn: RunningCairn;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cairn-accounts-"));
  cairn = await startCairn(
    {
      dataDir,
      webDistDir: path.join(repoRoot, "dist/web"),
      logLevel: "warn",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
    },
    { environment: {}, cwd: repoRoot },
  );
});

afterAll(async () => {
  await cairn.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The newest code mailed to `email` (the outbox folder of the data directory). */
const lastCodeMailedTo = async (email: string): Promise<string> => {
  const dir = path.join(dataDir, "mail");
  const files = (await readdir(dir)).sort().reverse();
  for (const file of files) {
    const text = await readFile(path.join(dir, file), "utf8");
    if (!text.includes(email)) continue;
    const code = /verification code is (\d{6})/.exec(text)?.[1];
    if (code !== undefined) return code;
  }
  throw new Error(`No code was mailed to ${email}`);
};

const totpCode = (secretCode: string, timestampMs = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secretCode) }).generate({
    timestamp: timestampMs,
  });

const newBrowser = () => createTestAccountBrowser(cairn.urls.api);

const signUp = async (email: string, password: string) => {
  const browser = newBrowser();
  const tab = browser.openTab();
  await tab.service.sendEmailCode(email, "signup");
  expect(await tab.service.verifyEmailCode(email, await lastCodeMailedTo(email))).toEqual({
    kind: "needs-keys",
  });
  const { recoveryMnemonic } = await tab.service.generateAccount(password);
  return { browser, tab, recoveryMnemonic };
};

const loginIn = async (tab: TestAccountTab, email: string, password: string) => {
  expect(await tab.service.loginMethodFor(email)).toBe("srp");
  return tab.service.loginWithPassword(email, password);
};

describe("accounts end to end", () => {
  it(
    "signs up, logs in elsewhere, uses and recovers two factors, recovers, changes password, logs out, deletes",
    async () => {
      const email = "ada@example.org";
      const password = "first password";

      // Sign-up: 24 words, logged in, a reload keeps the tab unlocked.
      const { browser: home, tab, recoveryMnemonic } = await signUp(email, password);
      expect(recoveryMnemonic.split(" ")).toHaveLength(24);
      expect(home.localStorage.getItem("user")).toContain('"token"');
      expect(await tab.service.resumeSession()).toEqual({ kind: "logged-in" });
      expect(await tab.service.checkSessionValidity()).toBe("valid");
      const reloaded = home.openTab({ reloadOf: tab });
      expect(await reloaded.service.resumeSession()).toEqual({ kind: "logged-in" });
      expect(await reloaded.service.recoveryMnemonic()).toBe(recoveryMnemonic);
      // A new tab of the same browser (no session storage) must ask for the password.
      expect(await home.openTab().service.resumeSession()).toEqual({ kind: "needs-password" });

      // Login in a second browser; a wrong password is 'incorrect password'.
      // Each attempt derives the password key once, for the proof and the keys both.
      // See: [Note: A login derives the password key once]
      const secondBrowser = newBrowser();
      const second = secondBrowser.openTab();
      await expect(loginIn(second, email, "wrong password")).rejects.toBeInstanceOf(
        IncorrectPasswordError,
      );
      expect(secondBrowser.browser.kekDerivations).toBe(1);
      expect(await loginIn(second, email, password)).toEqual({ kind: "logged-in" });
      expect(secondBrowser.browser.kekDerivations).toBe(2);
      expect((await second.service.userDetails()).email).toBe(email);

      // Two factors: set up and enable in the second browser.
      const { secretCode, qrCodeDataURL } = await second.service.setUpTwoFactor();
      expect(qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
      await second.service.enableTwoFactor(totpCode(secretCode));
      expect(await second.service.twoFactorStatus()).toBe(true);

      // A third browser must pass the second factor; a wrong code fails.
      const thirdBrowser = newBrowser();
      const third = thirdBrowser.openTab();
      const step = await loginIn(third, email, password);
      if (step.kind !== "two-factor") throw new Error(`expected two-factor, got ${step.kind}`);
      await expect(third.service.verifyTwoFactor(step.sessionID, "000000")).rejects.toBeInstanceOf(
        HttpError,
      );
      // The page reloads (as when the person went to the accounts app for a
      // passkey): the parked login KEK still spares a second password prompt.
      // The enabling code is spent; the next period's code is fresh.
      const thirdReloaded = thirdBrowser.openTab({ reloadOf: third });
      const nextCode = totpCode(secretCode, Date.now() + 30_000);
      expect(await thirdReloaded.service.verifyTwoFactor(step.sessionID, nextCode)).toEqual({
        kind: "logged-in",
      });
      expect(thirdReloaded.sessionStorage.getItem("accountParkedLoginKEK")).toBeNull();
      // The password, the second factor and the reload between them: one derivation.
      expect(thirdBrowser.browser.kekDerivations).toBe(1);

      // A fourth browser removes the second factor with the recovery key.
      const fourth = newBrowser().openTab();
      const step4 = await loginIn(fourth, email, password);
      if (step4.kind !== "two-factor") throw new Error(`expected two-factor, got ${step4.kind}`);
      expect(
        await fourth.service.removeTwoFactorWithRecoveryKey(
          step4.sessionID,
          recoveryMnemonic,
          "totp",
        ),
      ).toEqual({ kind: "logged-in" });
      expect(await fourth.service.twoFactorStatus()).toBe(false);

      // Recovery: prove the email, unlock with the 24 words, set a new password.
      const recovering = newBrowser().openTab();
      await recovering.service.sendEmailCode(email, "login");
      expect(
        await recovering.service.verifyEmailCode(email, await lastCodeMailedTo(email)),
      ).toEqual({ kind: "needs-password" });
      await recovering.service.recoverWithRecoveryKey(recoveryMnemonic);
      await recovering.service.changePassword("second password");
      expect(await recovering.service.resumeSession()).toEqual({ kind: "logged-in" });

      // The old password fails, the new one works and the keys still open.
      const fifth = newBrowser().openTab();
      await expect(loginIn(fifth, email, password)).rejects.toBeInstanceOf(IncorrectPasswordError);
      expect(await loginIn(fifth, email, "second password")).toEqual({ kind: "logged-in" });
      expect(await fifth.service.recoveryMnemonic()).toBe(recoveryMnemonic);

      // Change password (logs out other devices): the second browser's session is invalid now.
      await fifth.service.changePassword("third password");
      expect(await second.service.checkSessionValidity()).toBe("invalid");

      // Logout leaves nothing behind.
      const last = newBrowser();
      const lastTab = last.openTab();
      expect(await loginIn(lastTab, email, "third password")).toEqual({ kind: "logged-in" });
      await lastTab.service.logout();
      expect(last.localStorage.length).toBe(0);
      expect(lastTab.sessionStorage.length).toBe(0);
      expect(await last.browser.indexedDB.databases()).toEqual([]);
      expect(await lastTab.service.resumeSession()).toEqual({ kind: "logged-out" });
      expect(last.errors).toEqual([]);

      // Deletion: the account goes, and the email can sign up again.
      expect(await fifth.service.checkSessionValidity()).toBe("valid");
      await fifth.service.deleteAccount({ category: "not-needed", feedback: "bye" });
      expect(await fifth.service.resumeSession()).toEqual({ kind: "logged-out" });
      const again = newBrowser().openTab();
      await again.service.sendEmailCode(email, "signup");
      expect(await again.service.verifyEmailCode(email, await lastCodeMailedTo(email))).toEqual({
        kind: "needs-keys",
      });
    },
    flowTimeoutMs,
  );
});
