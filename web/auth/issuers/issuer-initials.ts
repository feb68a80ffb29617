// What stands for an issuer that has no brand icon: up to two letters of
// its name and a hue of its own. Pure.

import { foldedIssuerName } from "./issuer-name";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

const firstGrapheme = (text: string): string => {
  for (const { segment } of graphemes.segment(text)) return segment;
  return "";
};

/**
 * Up to two graphemes (never half an emoji or of a letter with its
 * accents): the first of each of the name's first two words that start
 * with a letter or a digit ("Acme Corp" → "AC", "acme" → "A", "🦊 Fox
 * Wallet" → "FW", "微博" → "微"), upper case; a name with no such word
 * (emoji only) gives its first grapheme; an empty name gives "".
 *
 * Words are split at spaces and punctuation, not with a word segmenter:
 * Chromium's splits Chinese with a dictionary and Node's per character, and
 * the same issuer must show the same initials everywhere.
 */
export const issuerInitials = (name: string): string => {
  const wordStarts = name
    .split(/[\s\p{P}\p{S}]+/u)
    .map(firstGrapheme)
    .filter((start) => /^[\p{L}\p{N}]/u.test(start))
    .slice(0, 2);
  const initials = wordStarts.length > 0 ? wordStarts.join("") : firstGrapheme(name.trim());
  return initials.toLocaleUpperCase();
};

/**
 * [Note: An issuer's hue comes from its name]
 *
 * A list of unknown services would be one colour if their initials were all
 * drawn alike, and a hue picked at random would change at every render.
 * The hue is a hash of the folded name (FNV-1a, 32 bits; see: [Note:
 * Issuers are matched on a folded name]): the same issuer has the same
 * colour in every list and on every device, however it is spelled, and
 * different names spread around the colour wheel.
 */
export const issuerHue = (name: string): number => {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(foldedIssuerName(name) || name)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash % 360;
};
