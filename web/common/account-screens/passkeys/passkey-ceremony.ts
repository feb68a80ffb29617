// The WebAuthn ceremonies of passkeys. They run on the UI thread because
// `navigator.credentials` exists only there; they handle no keys of ours (the
// authenticator signs the server's challenge). The account service talks to
// the server before and after.

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/** The person dismissed the browser's passkey prompt, or it timed out. */
export class PasskeyCancelledError extends Error {
  override name = "PasskeyCancelledError";
}

/** This browser has no WebAuthn. */
export class PasskeyUnsupportedError extends Error {
  override name = "PasskeyUnsupportedError";
}

const ceremonyError = (error: unknown): unknown => {
  // WebAuthn reports a dismissed or timed-out prompt as NotAllowedError
  // (simplewebauthn keeps the DOMException as the cause of its own error).
  const cause = error instanceof WebAuthnError ? error.cause : error;
  if (cause instanceof DOMException && cause.name === "NotAllowedError") {
    return new PasskeyCancelledError("Passkey prompt dismissed", { cause: error });
  }
  if (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED") {
    return new PasskeyCancelledError("Passkey ceremony aborted", { cause: error });
  }
  return error;
};

const ensureSupported = () => {
  if (!browserSupportsWebAuthn()) throw new PasskeyUnsupportedError("No WebAuthn in this browser");
};

/** Create a passkey from the server's creation options; the credential goes back to the server. */
export async function createPasskey(optionsJSON: Record<string, unknown>): Promise<unknown> {
  ensureSupported();
  try {
    // The options are the server's, passed through as they came (wire-contract §2.4).
    return await startRegistration({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (e) {
    throw ceremonyError(e);
  }
}

/** Sign the server's login challenge with a passkey. */
export async function assertPasskey(optionsJSON: Record<string, unknown>): Promise<unknown> {
  ensureSupported();
  try {
    return await startAuthentication({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (e) {
    throw ceremonyError(e);
  }
}
