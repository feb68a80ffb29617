// The strength hint under a new password. It is a hint, not a rule: any
// password may be used, because the key derivation (Argon2id) is what makes
// guessing expensive. The hint nudges people towards length and variety.

export type PasswordStrength = "weak" | "moderate" | "strong";

/**
 * The four character classes a password can draw from. Anything that is not
 * a letter or a digit (punctuation, spaces, letters of other scripts, emoji)
 * counts as "other".
 */
const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/] as const;

/** Below this many characters a password is weak whatever it holds. */
const minModerateLength = 8;
/** A long passphrase is strong even if it is all lower-case words. */
const passphraseLength = 20;
/** Twelve characters drawn from three classes resist offline guessing well with Argon2id. */
const minStrongLength = 12;
const minStrongClasses = 3;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Weak, moderate or strong, from the password's length and its variety of characters. */
export function passwordStrength(password: string): PasswordStrength {
  // Count what a person sees as characters (an emoji is one), not UTF-16 units.
  const length = [...graphemes.segment(password)].length;
  if (length < minModerateLength) return "weak";
  if (length >= passphraseLength) return "strong";
  const classes = characterClasses.filter((pattern) => pattern.test(password)).length;
  if (length >= minStrongLength && classes >= minStrongClasses) return "strong";
  if (classes >= 2) return "moderate";
  return "weak";
}
