// Two-factor codes for tests: the code an authenticator app shows, and
// turning TOTP on for an account signed up from Node, as the web app's
// settings do (the secret encrypted under the recovery key).

import * as OTPAuth from "otpauth";
import { createApiClient } from "../../shared/api/client";
import { enableTwoFactor, setupTwoFactor } from "../../shared/api/endpoints/two-factor";
import { clientPackages } from "../../shared/api/headers";
import { encryptBox, fromB64, toB64, utf8ToBytes } from "../../shared/crypto";
import { decryptRecoveryKey } from "../../workers/account/key-hierarchy";
import type { NodeAccount } from "./node-account";

/** The TOTP code an authenticator app shows for `secretBase32` (SHA-1, 6 digits, 30 s). */
export function totpCode(secretBase32: string, timestampMs: number = Date.now()): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: timestampMs,
  });
}

/** Turns TOTP on for `account` with the current step's code; answers the secret (base32). */
export const enableTOTP = async (apiOrigin: string, account: NodeAccount): Promise<string> => {
  const api = createApiClient({
    apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: globalThis.fetch,
    getAuthToken: () => account.token,
  });
  const { secretCode } = await api.call(setupTwoFactor);
  const masterKey = fromB64(account.accountKeys.masterKeyB64);
  const recoveryKey = await decryptRecoveryKey(account.keyAttributes, masterKey);
  if (recoveryKey === undefined) throw new Error("The test account has no recovery key");
  const { encryptedData, nonce } = await encryptBox(utf8ToBytes(secretCode), recoveryKey);
  await api.call(enableTwoFactor, {
    body: {
      code: totpCode(secretCode),
      encryptedTwoFactorSecret: toB64(encryptedData),
      twoFactorSecretDecryptionNonce: toB64(nonce),
    },
  });
  return secretCode;
};
