import { randomBytes } from "node:crypto";

// Request IDs as the reference server writes them (wire-contract §0.1):
// `ser_` and 22 characters of the nanoid alphabet (URL-safe base64 digits).
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** 22 characters of 6 random bits each: 132 bits, no collisions in practice. */
const idLength = 22;

export const newRequestID = (): string => {
  const bytes = randomBytes(idLength);
  let id = "ser_";
  // 64 symbols: the low 6 bits of a uniform byte are uniform.
  for (const byte of bytes) id += alphabet[byte & 63] ?? "";
  return id;
};
