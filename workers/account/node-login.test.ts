import { enableTOTP, totpCode } from "../../tests/test-support/two-factor";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient, type ApiClient } from "../../shared/api/client";
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
} from "../../shared/api/endpoints/passkeys";
import { getAccountsToken, getUserDetails, setEmailMFA } from "../../shared/api/endpoints/users";
import { clientPackages } from "../../shared/api/headers";
import { IncorrectPasswordError } from "../../shared/model/accounts/account-errors";
import { SoftwareAuthenticator } from "../../server/test-support/software-authenticator";
import type { NodeAccount } from "../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { deriveKEKWithSharedTestKey } from "../../tests/test-support/shared-test-kek";
import { createNodeLibraryClient } from "../library/node-library-client";
import {
  IncorrectLoginCodeError,
  LoginCodeRequiredError,
  PasskeyLoginUnsupportedError,
  loginFromNode,
  type NodeLoginOptions,
} from "./node-login";

/** A TOTP code as an authenticator app computes it (SHA-1, 6 digits, 30 s). */
/**
 * The code of the next 30 s step. The server takes each step's code once,
 * and the step of now may have enabled TOTP; it accepts the steps next to
 * the current one, so the next step's code is valid without waiting for it.
 */
const nextStepCode = (secretBase32: string) => totpCode(secretBase32, Date.now() + 30_000);

/** A six-digit code that no step the server accepts now has. */
const wrongCode = (secretBase32: string) => {
  const now = Date.now();
  const valid = new Set(
    [-30_000, 0, 30_000].map((offsetMs) => totpCode(secretBase32, now + offsetMs)),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
};

const codePattern = /Your Cairn verification code is (\d{6})/;

/** The verification codes mailed to `email` so far, oldest first (the outbox of a Cairn without SMTP). */
const mailedCodes = async (node: NodeCairn, email: string): Promise<string[]> => {
  const mailDir = path.join(node.dataDir, "mail");
  const names = (await readdir(mailDir)).filter((name) => name.endsWith(".eml")).sort();
  const codes: string[] = [];
  for (const name of names) {
    const message = await readFile(path.join(mailDir, name), "utf8");
    const to = /^To: (.*)$/m.exec(message)?.[1] ?? "";
    const code = codePattern.exec(message)?.[1];
    if (to.toLowerCase().includes(email.toLowerCase()) && code !== undefined) codes.push(code);
  }
  return codes;
};

describe("logging in from Node against a real Cairn", () => {
  let node: NodeCairn;

  beforeAll(async () => {
    node = await startNodeCairn();
  });

  afterAll(async () => {
    await node.close();
  });

  const apiOf = (token?: string): ApiClient =>
    createApiClient({
      apiOrigin: node.apiOrigin,
      clientPackage: clientPackages.photosWeb,
      fetch: globalThis.fetch,
      getAuthToken: () => token,
    });

  const login = (account: NodeAccount, options: Partial<NodeLoginOptions> = {}) =>
    loginFromNode({
      apiOrigin: node.apiOrigin,
      email: account.email,
      password: account.password,
      deriveKEK: deriveKEKWithSharedTestKey,
      ...options,
    });

  /** Turns TOTP on as the web app's settings do; answers the secret. */
  const enableTOTPOf = (account: NodeAccount): Promise<string> =>
    enableTOTP(node.apiOrigin, account);

  /** Registers a passkey of a software authenticator, as the accounts app does. */
  const registerPasskey = async (account: NodeAccount) => {
    const { accountsToken, accountsUrl } = await apiOf(account.token).call(getAccountsToken);
    const accountsApi = createApiClient({
      apiOrigin: node.apiOrigin,
      clientPackage: clientPackages.accountsWeb,
      fetch: globalThis.fetch,
      getAccountsToken: () => accountsToken,
    });
    const { options, sessionID } = await accountsApi.call(beginPasskeyRegistration);
    const { challenge } = options.publicKey as { challenge: string };
    const { hostname, origin } = new URL(accountsUrl);
    await accountsApi.call(finishPasskeyRegistration, {
      query: { friendlyName: "Laptop", sessionID },
      // The software authenticator types `type` as a string; it is "public-key".
      body: {
        ...new SoftwareAuthenticator(hostname, origin).register(challenge),
        type: "public-key",
      },
    });
  };

  it("gives the keys of the account and a token that works, deriving the password key once", async () => {
    const account = await node.signUp("login");
    const signedUpClient = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 1,
    });
    const album = await signedUpClient.createCollection({ name: "Lisbon 2019", type: "album" });
    await signedUpClient.close();

    const deriveKEK = vi.fn(deriveKEKWithSharedTestKey);
    const progress: string[] = [];
    const session = await login(account, {
      deriveKEK,
      onProgress: (stage) => progress.push(stage),
    });
    expect(deriveKEK).toHaveBeenCalledTimes(1);
    expect(progress).toEqual(["unlocking-keys", "checking-password"]);
    expect(session).toMatchObject({ userID: account.userID, email: account.email });
    expect(session.accountKeys).toEqual(account.accountKeys);
    expect(session.token).not.toBe(account.token);

    // The keyring of the login opens the album the signed-up client made.
    const client = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: session.token,
      userID: session.userID,
      accountKeys: session.accountKeys,
      poolSize: 1,
    });
    try {
      const found = (await client.fetchCollections()).flatMap((entry) =>
        entry.ok && entry.collection.id === album.id ? [entry.collection] : [],
      );
      expect(found.map((collection) => collection.name)).toEqual(["Lisbon 2019"]);
    } finally {
      await client.close();
    }

    const details = await apiOf(session.token).call(getUserDetails, { query: {} });
    expect(details.email).toBe(account.email);
  });

  it(
    "refuses a wrong password with IncorrectPasswordError (the password key derived for real)",
    async () => {
      const account = await node.signUp("wrong-password");
      // No `deriveKEK`: the default derivation, as the command line runs it.
      const attempt = loginFromNode({
        apiOrigin: node.apiOrigin,
        email: account.email,
        password: `${account.password} but wrong`,
      });
      await expect(attempt).rejects.toBeInstanceOf(IncorrectPasswordError);
    },
    // One real Argon2id derivation at the account's limits (256 MiB × 16 passes).
    120_000,
  );

  it("refuses an unknown address with the same error as a wrong password", async () => {
    const deriveKEK = vi.fn(deriveKEKWithSharedTestKey);
    const attempt = loginFromNode({
      apiOrigin: node.apiOrigin,
      email: "nobody-here@cairn.test",
      password: "whatever it is",
      deriveKEK,
    });
    await expect(attempt).rejects.toBeInstanceOf(IncorrectPasswordError);
    await expect(attempt).rejects.toMatchObject({ key: "incorrectPassword" });
  });

  it("asks for the authenticator code when TOTP is on, and refuses a wrong or missing one", async () => {
    const account = await node.signUp("totp");
    const secret = await enableTOTPOf(account);

    const withoutAsking = login(account);
    await expect(withoutAsking).rejects.toBeInstanceOf(LoginCodeRequiredError);
    await expect(withoutAsking).rejects.toMatchObject({ codeKind: "totp" });

    const askWrong = vi.fn(() => Promise.resolve(wrongCode(secret)));
    await expect(login(account, { askTwoFactorCode: askWrong })).rejects.toBeInstanceOf(
      IncorrectLoginCodeError,
    );
    expect(askWrong).toHaveBeenCalledTimes(1);

    const askTwoFactorCode = vi.fn(() => Promise.resolve(nextStepCode(secret)));
    const session = await login(account, { askTwoFactorCode });
    expect(askTwoFactorCode).toHaveBeenCalledTimes(1);
    expect(session.userID).toBe(account.userID);
    expect(session.accountKeys).toEqual(account.accountKeys);
    const details = await apiOf(session.token).call(getUserDetails, { query: {} });
    expect(details.profileData.isTwoFactorEnabled).toBe(true);
  });

  it("refuses a passkey-only account, and logs in with TOTP when the account has both", async () => {
    const account = await node.signUp("passkey");
    await registerPasskey(account);
    const askTwoFactorCode = vi.fn(() => Promise.resolve("123456"));
    await expect(login(account, { askTwoFactorCode })).rejects.toBeInstanceOf(
      PasskeyLoginUnsupportedError,
    );
    expect(askTwoFactorCode).not.toHaveBeenCalled();

    const secret = await enableTOTPOf(account);
    const session = await login(account, {
      askTwoFactorCode: () => Promise.resolve(nextStepCode(secret)),
    });
    expect(session.accountKeys).toEqual(account.accountKeys);
  });

  it("logs in with the code mailed when the account verifies logins by email", async () => {
    const account = await node.signUp("email-mfa");
    await apiOf(account.token).call(setEmailMFA, { body: { isEnabled: true } });
    const codesBefore = (await mailedCodes(node, account.email)).length;

    await expect(login(account)).rejects.toMatchObject({
      name: "LoginCodeRequiredError",
      codeKind: "email",
    });
    // No way to ask for the code: none was mailed.
    expect(await mailedCodes(node, account.email)).toHaveLength(codesBefore);

    const askEmailCode = vi.fn(async () => {
      await vi.waitFor(
        async () => {
          expect((await mailedCodes(node, account.email)).length).toBeGreaterThan(codesBefore);
        },
        { timeout: 20_000, interval: 50 },
      );
      return (await mailedCodes(node, account.email)).at(-1) ?? "";
    });
    const deriveKEK = vi.fn(deriveKEKWithSharedTestKey);
    const session = await login(account, { askEmailCode, deriveKEK });
    expect(askEmailCode).toHaveBeenCalledTimes(1);
    expect(deriveKEK).toHaveBeenCalledTimes(1);
    expect(session.accountKeys).toEqual(account.accountKeys);
    const details = await apiOf(session.token).call(getUserDetails, { query: {} });
    expect(details.email).toBe(account.email);
  });
});
