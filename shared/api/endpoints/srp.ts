import { z } from "zod";
import { absentOrNull } from "../wire-values";
import { defineEndpoint } from "../endpoint";
import {
  accountValueBytes,
  base64Field,
  base64FieldBetween,
  emailAuthorizationResponseSchema,
  emailField,
  updatedKeyAttributesSchema,
  uuidField,
} from "./account-schemas";

// SRP endpoints of wire-contract §2.2. A, B and the verifier are 512-byte
// values of the 4096-bit group, M1 and M2 32-byte SHA-256 proofs.

/** `srpSalt` is 16 random bytes from our clients; other clients may use up to 64. */
const srpSaltField = () => base64FieldBetween(16, 64);

/** `GET /users/srp/attributes?email=`: what a client needs to start an SRP login. */
export const getSRPAttributes = defineEndpoint({
  method: "GET",
  path: "/users/srp/attributes",
  auth: "none",
  query: z.object({ email: emailField() }),
  response: z.object({
    attributes: z.object({
      srpUserID: z.string(),
      srpSalt: z.string(),
      memLimit: z.number().int(),
      opsLimit: z.number().int(),
      kekSalt: z.string(),
      isEmailMFAEnabled: z.boolean(),
    }),
  }),
});

/** `POST /users/srp/setup`: starts storing a verifier (sign-up or password change). */
export const setupSRP = defineEndpoint({
  method: "POST",
  path: "/users/srp/setup",
  auth: "user",
  body: z.object({
    srpUserID: uuidField(),
    srpSalt: srpSaltField(),
    srpVerifier: base64Field(accountValueBytes.srpValue),
    srpA: base64Field(accountValueBytes.srpValue),
  }),
  response: z.object({ setupID: z.string(), srpB: z.string() }),
});

/** `POST /users/srp/complete`: proves the verifier and stores it for a new account. */
export const completeSRPSetup = defineEndpoint({
  method: "POST",
  path: "/users/srp/complete",
  auth: "user",
  body: z.object({ setupID: uuidField(), srpM1: base64Field(accountValueBytes.srpProof) }),
  response: z.object({ setupID: z.string(), srpM2: z.string() }),
});

/** `POST /users/srp/update`: a password change: new verifier and new KEK fields. */
export const updateSRPAndKeys = defineEndpoint({
  method: "POST",
  path: "/users/srp/update",
  auth: "user",
  body: z.object({
    setupID: uuidField(),
    srpM1: base64Field(accountValueBytes.srpProof),
    updatedKeyAttr: updatedKeyAttributesSchema,
    /** Other sessions end unless this is false. */
    logOutOtherDevices: absentOrNull(z.boolean()),
  }),
  response: z.object({ setupID: z.string(), srpM2: z.string() }),
});

/** `POST /users/srp/create-session`: the first SRP round trip of a login. */
export const createSRPSession = defineEndpoint({
  method: "POST",
  path: "/users/srp/create-session",
  auth: "none",
  body: z.object({ srpUserID: uuidField(), srpA: base64Field(accountValueBytes.srpValue) }),
  response: z.object({ sessionID: z.string(), srpB: z.string() }),
});

/** `POST /users/srp/verify-session`: the client's proof; answers the login branches plus `srpM2`. */
export const verifySRPSession = defineEndpoint({
  method: "POST",
  path: "/users/srp/verify-session",
  auth: "none",
  body: z.object({
    sessionID: uuidField(),
    srpUserID: uuidField(),
    srpM1: base64Field(accountValueBytes.srpProof),
  }),
  response: emailAuthorizationResponseSchema,
});

export const srpEndpoints = {
  getSRPAttributes,
  setupSRP,
  completeSRPSetup,
  updateSRPAndKeys,
  createSRPSession,
  verifySRPSession,
};
