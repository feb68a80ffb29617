// Signing up a real account over HTTP against a running Cairn, from Node:
// the same calls and crypto as the web app's sign-up, with the KEK derived
// from the password by the real Argon2id (256 MiB × 16 passes), so a browser
// can log in later with that password (once per test run for the shared
// test password: see [Note: Test accounts share one derived password key]). The one shortcut is test-only: the
// verification code is read from the server's mail outbox folder (a Cairn
// without SMTP writes mails there), hence this lives in tests/test-support.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createApiClient } from "../../shared/api/client";
import { completeSRPSetup, setupSRP } from "../../shared/api/endpoints/srp";
import { sendOtt, setKeyAttributes, verifyEmail } from "../../shared/api/endpoints/users";
import { clientPackages } from "../../shared/api/headers";
import { toB64 } from "../../shared/crypto/base64";
import { deriveSRPLoginSubKey } from "../../shared/crypto/kdf";
import { SRPClientSession, generateSRPSetupAttributes } from "../../shared/crypto/srp";
import type { KeyAttributes } from "../../workers/account/key-attributes";
import { generateAccountKeys } from "../../workers/account/key-hierarchy";
import type { LibraryAccountKeys } from "../../workers/library/node-keyring";
import { sharedTestKEKFor } from "./shared-test-kek";

export interface NodeAccount {
  email: string;
  password: string;
  userID: number;
  /** The session token (photos app). */
  token: string;
  accountKeys: LibraryAccountKeys;
  keyAttributes: KeyAttributes;
}

export interface SignUpOptions {
  apiOrigin: string;
  /** The server's mail outbox: `<dataDir>/mail` of a Cairn without SMTP. */
  mailDir: string;
  email: string;
  password: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * How long to wait for the code to land in the outbox, and how often to
 * look. A second's work on a quiet machine; the test server shares its
 * thread with the test process, whose Argon2id derivations and other work
 * hold it for many seconds on a loaded 2-core machine, so the wait is sized
 * for that. See: [Note: Browser test waits are sized for a loaded 2-core machine]
 */
const codeWaitMs = 60_000;
const codePollMs = 50;

const codePattern = /Your Cairn verification code is (\d{6})/;

/** The newest verification code mailed to `email` (a fresh address), waiting for it. */
const mailedCode = async (mailDir: string, email: string): Promise<string> => {
  const deadline = Date.now() + codeWaitMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(mailDir)).filter((name) => name.endsWith(".eml")).sort();
    } catch {
      // The outbox folder appears with the first mail.
    }
    for (const name of names.reverse()) {
      const message = await readFile(path.join(mailDir, name), "utf8");
      const to = /^To: (.*)$/m.exec(message)?.[1] ?? "";
      const code = codePattern.exec(message)?.[1];
      if (to.toLowerCase().includes(email.toLowerCase()) && code !== undefined) return code;
    }
    if (Date.now() > deadline) throw new Error(`No verification code was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, codePollMs));
  }
};

/** Signs up `email` with `password`: code, verification, key attributes, SRP. */
export const signUpNodeAccount = async ({
  apiOrigin,
  mailDir,
  email,
  password,
  fetch = globalThis.fetch,
}: SignUpOptions): Promise<NodeAccount> => {
  const auth: { token?: string } = {};
  const api = createApiClient({
    apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch,
    getAuthToken: () => auth.token,
  });
  await api.call(sendOtt, { body: { email, purpose: "signup", client: "web" } });
  const ott = await mailedCode(mailDir, email);
  const verified = await api.call(verifyEmail, { body: { email, ott } });
  if (verified.token === undefined) {
    throw new Error(`${email} is already registered with keys`);
  }
  const { token } = verified;
  auth.token = token;

  // See: [Note: Test accounts share one derived password key]
  const sharedKEK = sharedTestKEKFor(password);
  const generated = await generateAccountKeys(
    password,
    sharedKEK === undefined ? undefined : () => Promise.resolve(sharedKEK),
  );
  await api.call(setKeyAttributes, { body: { keyAttributes: generated.keyAttributes } });

  const loginSubKey = await deriveSRPLoginSubKey(generated.kek);
  const { srpUserID, srpSaltB64, srpVerifierB64 } = await generateSRPSetupAttributes(loginSubKey);
  const session = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
  const setup = await api.call(setupSRP, {
    body: { srpUserID, srpSalt: srpSaltB64, srpVerifier: srpVerifierB64, srpA: session.srpAB64 },
  });
  session.setB(setup.srpB);
  const completed = await api.call(completeSRPSetup, {
    body: { setupID: setup.setupID, srpM1: session.computeM1B64() },
  });
  session.verifyM2(completed.srpM2);

  return {
    email,
    password,
    userID: verified.id,
    token,
    accountKeys: {
      masterKeyB64: toB64(generated.masterKey),
      publicKeyB64: toB64(generated.keyPair.publicKey),
      secretKeyB64: toB64(generated.keyPair.secretKey),
    },
    keyAttributes: generated.keyAttributes,
  };
};
