import { randomBytes } from "node:crypto";

// The reference server names the rows it picks IDs for (user entities,
// collection actions) `<prefix>_` and 22 characters of [0-9A-Za-z]: a
// nanoid with that alphabet, ~131 bits, so an ID says what it names and is
// never guessed. See: [Note: Entity IDs are prefixed random strings]

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const randomLength = 22;

/** `<prefix>_` and 22 random characters of [0-9A-Za-z]. */
export const newPrefixedID = (prefix: string): string => {
  const chars: string[] = [];
  while (chars.length < randomLength) {
    for (const byte of randomBytes(randomLength)) {
      // 248 = 4 × 62: the bytes below it fall evenly on the alphabet.
      if (byte < 248 && chars.length < randomLength) chars.push(alphabet[byte % 62] ?? "");
    }
  }
  return `${prefix}_${chars.join("")}`;
};
