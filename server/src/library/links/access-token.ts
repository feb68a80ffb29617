import { randomInt } from "node:crypto";

/** The length of a link's access token (wire-contract §3.3: 10 uppercase characters). */
export const linkAccessTokenLength = 10;

/**
 * Uppercase letters and digits without 0, O, 1 and I, which read alike when
 * a link is typed from paper: 32 symbols, 50 bits in ten characters.
 */
const accessTokenAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A new random access token (uniform over the alphabet). */
export const newLinkAccessToken = (): string =>
  Array.from(
    { length: linkAccessTokenLength },
    () => accessTokenAlphabet[randomInt(accessTokenAlphabet.length)],
  ).join("");
