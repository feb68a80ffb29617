import { describe, expect, it } from "vitest";
import { brandHiddenOn, contrastRatio } from "./brand-contrast";
import { issuerBrands } from "./issuer-brands";
import { issuerIcon } from "./issuer-icons";
import { issuerHue, issuerInitials } from "./issuer-initials";
import { foldedIssuerName } from "./issuer-name";

const brandTitle = (issuer: string) => {
  const icon = issuerIcon(issuer);
  return icon.kind === "brand" ? icon.title : undefined;
};

describe("issuerIcon: brands", () => {
  it.each([
    ["GitHub", "GitHub"],
    ["github.com", "GitHub"],
    ["Git Hub", "GitHub"],
    ["  GITHUB ", "GitHub"],
    ["Google", "Google"],
    ["gmail", "Google"],
    ["Google Workspace", "Google"],
    ["accounts.google.com", "Google"],
    ["X", "X"],
    ["Twitter", "X"],
    ["twitter.com", "X"],
    ["Battle.net", "Battle.net"],
    ["Blizzard", "Battle.net"],
    ["Booking.com", "Booking.com"],
    ["booking", "Booking.com"],
    ["Epic Games", "Epic Games"],
    ["epic-games", "Epic Games"],
    ["ProtonMail", "Proton"],
    ["Proton Mail", "Proton"],
    ["Tutanota", "Tuta"],
    ["1Password", "1Password"],
    ["Fly.io", "Fly.io"],
    ["Linode", "Akamai"],
    ["OVHcloud", "OVH"],
    ["Ubisoft Connect", "Ubisoft"],
    ["Électronic Arts", "EA"],
    ["npmjs.com", "npm"],
    ["PyPI", "PyPI"],
    ["ente.io", "Ente"],
    ["shop.example.co.uk", undefined],
  ])("%s → %s", (issuer, title) => {
    expect(brandTitle(issuer)).toBe(title);
  });

  it("gives the icon's path and brand colour", () => {
    const icon = issuerIcon("GitHub");
    expect(icon).toMatchObject({ kind: "brand", title: "GitHub", hex: "181717" });
    expect(icon.kind === "brand" && /^[Mm]/.test(icon.svgPath)).toBe(true);
  });

  // See: [Note: Brands simple-icons does not ship get initials]
  it.each(["Microsoft", "Amazon Web Services", "Slack", "LinkedIn", "Google Gemini Exchange"])(
    "shows initials for %s, which simple-icons does not ship",
    (issuer) => {
      expect(issuerIcon(issuer).kind).toBe("initials");
    },
  );

  it("matches the whole name, not a prefix", () => {
    expect(issuerIcon("Box Hill Bank").kind).toBe("initials");
    expect(issuerIcon("Xero").kind).toBe("initials");
  });

  it("has no alias that names two brands", () => {
    const brandOf = new Map<string, string>();
    for (const { icon, aliases } of issuerBrands) {
      for (const name of [icon.title, ...aliases]) {
        const folded = foldedIssuerName(name);
        expect(folded, name).not.toBe("");
        expect(brandOf.get(folded) ?? icon.title, name).toBe(icon.title);
        brandOf.set(folded, icon.title);
      }
    }
  });

  it("lists each icon once, between 80 and 120 of them", () => {
    const slugs = issuerBrands.map(({ icon }) => icon.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.length).toBeGreaterThanOrEqual(80);
    expect(slugs.length).toBeLessThanOrEqual(120);
  });
});

describe("issuerIcon: initials", () => {
  it.each([
    ["Acme Corp", "", "AC"],
    ["acme", "", "A"],
    ["Stadtwerke München GmbH", "", "SM"],
    ["ölfirma", "", "Ö"],
    ["example.com", "", "E"],
    ["", "alice@example.com", "A"],
    ["  ", "bob smith", "BS"],
    ["", "carol.jones@example.com", "CJ"],
    ["", "", ""],
    ["🦊 Fox Wallet", "", "FW"],
    ["🦊", "", "🦊"],
    ["👨‍👩‍👧 Family", "", "F"],
    ["👨‍👩‍👧", "", "👨‍👩‍👧"],
    ["微博", "", "微"],
    ["腾讯 云", "", "腾云"],
    ["カカオ", "", "カ"],
    ["e\u0301tude", "", "E\u0301"],
  ])("%j (account %j) → %j", (issuer, account, initials) => {
    expect(issuerIcon(issuer, account)).toMatchObject({ kind: "initials", initials });
  });

  it("never splits a grapheme", () => {
    expect(issuerInitials("🇫🇷")).toBe("🇫🇷");
    expect(issuerInitials("👍🏽")).toBe("👍🏽");
  });
});

describe("issuerHue", () => {
  it("is the same for the same issuer however it is spelled", () => {
    expect(issuerHue("Acme Corp")).toBe(issuerHue("acme corp"));
    expect(issuerHue("Acme Corp")).toBe(issuerHue("acme-corp.com"));
    expect(issuerIcon("Acme Corp")).toEqual(issuerIcon("Acme Corp"));
  });

  it("spreads different issuers around the colour wheel", () => {
    const names = ["Acme", "Initech", "Globex", "Umbrella", "Hooli", "Vandelay", "Wonka", "Stark"];
    const hues = names.map(issuerHue);
    for (const hue of hues) {
      expect(hue).toBeGreaterThanOrEqual(0);
      expect(hue).toBeLessThan(360);
      expect(Number.isInteger(hue)).toBe(true);
    }
    expect(new Set(hues).size).toBeGreaterThanOrEqual(7);
  });

  it("is the hue of the account when the issuer is empty", () => {
    expect(issuerIcon("", "alice")).toMatchObject({ hue: issuerHue("alice") });
  });
});

describe("brandHiddenOn", () => {
  it.each([
    ["181717", "dark", true], // GitHub
    ["000000", "dark", true], // X, Apple
    ["181717", "light", false],
    ["FFE01B", "light", true], // Mailchimp
    ["FFE01B", "dark", false],
    ["4285F4", "dark", false], // Google
    ["4285F4", "light", false],
    ["FF4500", "light", false], // Reddit
    ["002991", "dark", true], // PayPal
  ] as const)("#%s on %s: %s", (hex, theme, hidden) => {
    expect(brandHiddenOn(hex, theme)).toBe(hidden);
  });

  it("measures WCAG contrast", () => {
    expect(contrastRatio("000000", "ffffff")).toBeCloseTo(21);
    expect(contrastRatio("ffffff", "ffffff")).toBeCloseTo(1);
  });
});
