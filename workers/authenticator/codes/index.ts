// The authenticator's codes: entries, their `otpauth://` URIs and entity
// plaintext, and the codes they generate. Pure; runs in a worker and in Node.

export * from "./entry";
export * from "./code-display";
export * from "./otpauth-uri";
export * from "./entity-plaintext";
export * from "./otp-codes";
