import { authenticatorEndpoints } from "./authenticator";
import { billingEndpoints } from "./billing";
import { passkeyEndpoints } from "./passkeys";
import { remoteStoreEndpoints } from "./remote-store";
import { srpEndpoints } from "./srp";
import { storageBonusEndpoints } from "./storage-bonus";
import { twoFactorEndpoints } from "./two-factor";
import { userEntityEndpoints } from "./user-entity";
import { userEndpoints } from "./users";

/** Every endpoint of the accounts issue (wire-contract §2, §11), by area. */
export const accountEndpointAreas = {
  users: userEndpoints,
  srp: srpEndpoints,
  twoFactor: twoFactorEndpoints,
  passkeys: passkeyEndpoints,
  remoteStore: remoteStoreEndpoints,
  billing: billingEndpoints,
  storageBonus: storageBonusEndpoints,
  userEntities: userEntityEndpoints,
  authenticator: authenticatorEndpoints,
};

export const accountEndpoints = {
  ...userEndpoints,
  ...srpEndpoints,
  ...twoFactorEndpoints,
  ...passkeyEndpoints,
  ...remoteStoreEndpoints,
  ...billingEndpoints,
  ...storageBonusEndpoints,
  ...userEntityEndpoints,
  ...authenticatorEndpoints,
};
