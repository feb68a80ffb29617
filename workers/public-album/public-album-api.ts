// The API client of a public link's visitor: every `publicLink` call carries
// the link's access token, the password's JWT once verified, and the device
// token the server handed out (wire-contract §9). The device token arrives
// as a response header, which the typed client does not surface, so the
// client's fetch reads it off every answer.
// See: [Note: A link's device token is kept by the worker]

import { type ApiClient, type FetchFunction, createApiClient } from "../../shared/api/client";
import { headerNames } from "../../shared/api/headers";
import type { DeviceTokenStore } from "./device-tokens";

export interface PublicLinkApiDeps {
  apiOrigin: string;
  clientPackage: string;
  fetch: FetchFunction;
  deviceTokens: DeviceTokenStore;
}

export interface PublicLinkApi {
  api: ApiClient;
  /** Reads the device and password tokens kept for the link, if any (before the first call). */
  loadTokens(): Promise<void>;
  /** Sends the password's JWT with every later call, and keeps it. */
  setPasswordToken(jwt: string): Promise<void>;
  /** Forgets the password's JWT (the server refused it). */
  forgetPasswordToken(): Promise<void>;
  readonly hasPasswordToken: boolean;
  /** A client that also sends a logged-in visitor's session token (joining the album). */
  withSession(authToken: string): ApiClient;
}

export const createPublicLinkApi = (
  deps: PublicLinkApiDeps,
  accessToken: string,
): PublicLinkApi => {
  let deviceToken: string | undefined;
  let accessTokenJWT: string | undefined;
  const fetchKeepingDeviceToken: FetchFunction = async (url, init) => {
    const response = await deps.fetch(url, init);
    const answered = response.headers.get(headerNames.linkDeviceTokenResponse);
    if (answered !== null && answered !== "" && answered !== deviceToken) {
      deviceToken = answered;
      await deps.deviceTokens.set(accessToken, answered);
    }
    return response;
  };
  const clientWith = (authToken: string | undefined) =>
    createApiClient({
      apiOrigin: deps.apiOrigin,
      clientPackage: deps.clientPackage,
      fetch: fetchKeepingDeviceToken,
      getAuthToken: () => authToken,
      getPublicLinkCredentials: () => ({
        accessToken,
        accessTokenJWT,
        linkDeviceToken: deviceToken,
      }),
    });
  const api = clientWith(undefined);
  return {
    api,
    async loadTokens() {
      deviceToken ??= await deps.deviceTokens.get(accessToken);
      accessTokenJWT ??= await deps.deviceTokens.getPasswordToken(accessToken);
    },
    async setPasswordToken(jwt) {
      accessTokenJWT = jwt;
      await deps.deviceTokens.setPasswordToken(accessToken, jwt);
    },
    async forgetPasswordToken() {
      accessTokenJWT = undefined;
      await deps.deviceTokens.setPasswordToken(accessToken, undefined);
    },
    get hasPasswordToken() {
      return accessTokenJWT !== undefined;
    },
    withSession: (authToken) => clientWith(authToken),
  };
};
