import { issuerBrands } from "./issuer-brands";
import { issuerHue, issuerInitials } from "./issuer-initials";
import { foldedIssuerName, withoutDomain } from "./issuer-name";

// The icon a code shows for its issuer: the service's brand icon when it is
// one of `issuerBrands`, its initials in a colour of its own otherwise. Pure.

export type IssuerIcon =
  | { kind: "brand"; title: string; svgPath: string; hex: string }
  | { kind: "initials"; initials: string; hue: number };

/** Every folded alias (and title) of a brand, to its brand. See: [Note: Issuers are matched on a folded name] */
const brandsByFoldedName = new Map(
  issuerBrands.flatMap((brand) =>
    [brand.icon.title, ...brand.aliases].map((name) => [foldedIssuerName(name), brand] as const),
  ),
);

/** An account's name without the domain of its email address ("alice@example.com" → "alice"). */
const accountName = (account: string): string => {
  const at = account.lastIndexOf("@");
  return at > 0 ? account.slice(0, at) : account;
};

/**
 * The icon for a code of `issuer`. Without a brand, the initials and hue
 * come from the issuer, or from `account` (an email address's local part)
 * when the issuer is empty (an `otpauth://` URI may give only an account).
 */
export const issuerIcon = (issuer: string, account = ""): IssuerIcon => {
  const brand = brandsByFoldedName.get(foldedIssuerName(issuer));
  if (brand !== undefined) {
    const { title, path, hex } = brand.icon;
    return { kind: "brand", title, svgPath: path, hex };
  }
  // An issuer given as a hostname shows its name's initial ("example.com" → "E").
  const name = issuer.trim() === "" ? accountName(account) : withoutDomain(issuer);
  return { kind: "initials", initials: issuerInitials(name), hue: issuerHue(name) };
};
