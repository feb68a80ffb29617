// The form of an issuer's name that brand aliases are matched on. Pure.

/** A hostname as some sites put it in their issuer: "github.com", "accounts.google.com". */
const hostnamePattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Second-level labels under which a name is registered ("example.co.uk"). */
const registrySecondLevels = new Set(["co", "com", "net", "org", "ac", "gov"]);

/**
 * The name a hostname stands for: its registered label, without the
 * subdomains and the top-level domain ("accounts.google.com" → "google",
 * "shop.example.co.uk" → "example").
 */
const registeredName = (hostname: string): string => {
  const labels = hostname.split(".");
  labels.pop();
  const last = labels.at(-1);
  if (labels.length > 1 && last !== undefined && registrySecondLevels.has(last.toLowerCase())) {
    labels.pop();
  }
  return labels.at(-1) ?? hostname;
};

/**
 * `issuer` without the domain parts when it is a hostname ("accounts.google.com"
 * → "google", in the case it came in); any other issuer as it is.
 */
export const withoutDomain = (issuer: string): string =>
  hostnamePattern.test(issuer.trim().toLowerCase()) ? registeredName(issuer.trim()) : issuer;

/**
 * [Note: Issuers are matched on a folded name]
 *
 * Sites spell their issuer freely: "GitHub", "github.com", "Git Hub",
 * "Epic Games", "Booking.com", "Électricité". An issuer and every
 * alias are compared in one folded form: lower case, accents removed ("é"
 * → "e"), a hostname reduced to its registered name, then everything that
 * is not a letter or a digit dropped (spaces, dots, dashes, punctuation).
 * The whole folded name must equal an alias's: a prefix would make "Box
 * Hill Bank" a Box account and every issuer starting with "x" an X one.
 */
export const foldedIssuerName = (issuer: string): string => {
  const lower = issuer.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
  return withoutDomain(lower).replace(/[^\p{L}\p{N}]/gu, "");
};
