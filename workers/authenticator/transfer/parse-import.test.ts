// Reading import files of each format, as the test-support writers make them
// the way the apps do: round trips, refused items with their reasons, and
// files refused as a whole.

import { describe, expect, it } from "vitest";
import type { AuthenticatorEntry } from "../codes";
import {
  aegisVaultJSON,
  encryptedAegisVaultJSON,
  encryptedTwoFasBackupJSON,
  entePlainExport,
  googleMigrationUri,
  firstOf,
  migrationAccountOf,
  sampleEntries,
  samples,
  twoFasBackupJSON,
} from "../test-support/import-files";
import type { ImportParse, ImportedEntries } from "./import-types";
import { parseImport } from "./parse-import";

const entriesOf = (parse: ImportParse): ImportedEntries => {
  if (parse.kind !== "entries") throw new Error(`expected entries, got ${JSON.stringify(parse)}`);
  return parse;
};

const importText = (text: string, name = "codes.txt") => entriesOf(parseImport({ name, text }));

const otpsOf = (entries: readonly AuthenticatorEntry[]) => entries.map((entry) => entry.otp);

describe("Ente Auth's plain export (a list of otpauth URIs)", () => {
  it("round-trips entries with their display data", () => {
    const entries = sampleEntries();
    const parsed = importText(entePlainExport(entries));
    expect(parsed.format).toBe("otpauth-list");
    expect(parsed.refused).toEqual([]);
    expect(otpsOf(parsed.entries.map((item) => item.entry))).toEqual(otpsOf(entries));
    expect(firstOf(parsed.entries).entry.display).toMatchObject({
      pinned: true,
      tags: ["work"],
      note: "main account",
    });
    expect(parsed.entries.map((item) => [item.label, item.line])).toEqual([
      ["GitHub (octo@example.com)", 1],
      ["Bank: Savings & Co (jane doe)", 2],
      ["VPN (admin)", 3],
      ["Steam (gamer)", 4],
    ]);
  });

  it("skips blank lines, accepts CRLF, a BOM and comma-separated codes", () => {
    const text =
      "\uFEFF\r\notpauth://totp/A:a?secret=JBSWY3DPEHPK3PXP\r\n\r\n   \r\n" +
      "otpauth://totp/B:b?secret=JBSWY3DPEHPK3PXP,otpauth://totp/C:c?secret=JBSWY3DPEHPK3PXP\r\n";
    const parsed = importText(text);
    expect(parsed.entries.map((item) => [item.label, item.line])).toEqual([
      ["A (a)", 2],
      ["B (b)", 5],
      ["C (c)", 5],
    ]);
  });

  it("keeps a literal comma inside a URI", () => {
    const parsed = importText("otpauth://totp/Shop:a,b?secret=JBSWY3DPEHPK3PXP&issuer=Shop");
    expect(firstOf(parsed.entries).entry.otp.account).toBe("a,b");
  });

  it("refuses bad lines with their reason, line and label, but never their secret", () => {
    const text = [
      "otpauth://totp/Good:me?secret=JBSWY3DPEHPK3PXP",
      "otpauth://totp/Bad%20Secret:me?secret=NOT-BASE32!",
      "otpauth://motp/Mobile:me?secret=JBSWY3DPEHPK3PXP",
      "just some text",
      "otpauth://totp/?secret=JBSWY3DPEHPK3PXP&digits=12",
    ].join("\n");
    const parsed = importText(text);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.refused).toEqual([
      { label: "Bad Secret:me", line: 2, error: { kind: "secret-not-base32" } },
      { label: "Mobile:me", line: 3, error: { kind: "unsupported-type", type: "motp" } },
      {
        label: "line 4",
        line: 4,
        error: { kind: "not-an-otpauth-uri", reason: "does not start with otpauth://" },
      },
      { label: "line 5", line: 5, error: { kind: "digits-out-of-range", digits: "12" } },
    ]);
    expect(JSON.stringify(parsed.refused)).not.toContain("NOT-BASE32");
  });
});

describe("Ente Auth's legacy JSON export", () => {
  it("reads items with rawData and display", () => {
    const text = JSON.stringify({
      items: [
        {
          rawData: "otpauth://totp/A:a?secret=JBSWY3DPEHPK3PXP&issuer=A",
          display: { pinned: true, tags: ["t"] },
        },
        { rawData: "otpauth://totp/B:b?secret=1" },
      ],
    });
    const parsed = importText(text, "ente.json");
    expect(parsed.format).toBe("ente-json");
    expect(firstOf(parsed.entries).entry.display).toMatchObject({ pinned: true, tags: ["t"] });
    expect(parsed.refused).toEqual([{ label: "B:b", error: { kind: "secret-not-base32" } }]);
  });
});

describe("Aegis", () => {
  it("round-trips a plain vault: favorites pinned, groups as tags, notes", () => {
    const entries = sampleEntries();
    const parsed = importText(aegisVaultJSON(entries), "aegis-export.json");
    expect(parsed.format).toBe("aegis");
    expect(parsed.refused).toEqual([]);
    expect(otpsOf(parsed.entries.map((item) => item.entry))).toEqual(otpsOf(entries));
    expect(parsed.entries.map((item) => item.entry.display)).toEqual(
      entries.map(({ display }) => display),
    );
  });

  it("refuses entries it cannot use, with their labels", () => {
    const vault = JSON.parse(aegisVaultJSON(sampleEntries().slice(0, 1))) as {
      db: { entries: Record<string, unknown>[] };
    };
    vault.db.entries.push(
      {
        type: "motp",
        name: "m",
        issuer: "MOTP",
        info: { secret: "JBSWY3DPEHPK3PXP", digits: 6, period: 10 },
      },
      {
        type: "totp",
        name: "x",
        issuer: "Weird",
        info: { secret: "JBSWY3DPEHPK3PXP", algo: "MD5" },
      },
      { type: "totp", name: "y", issuer: "NoInfo" },
    );
    const parsed = importText(JSON.stringify(vault));
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.refused).toEqual([
      { label: "MOTP (m)", error: { kind: "unsupported-type", type: "motp" } },
      { label: "Weird (x)", error: { kind: "unknown-algorithm", algorithm: "MD5" } },
      { label: "entry 4", error: { kind: "invalid-item", reason: "an entry without info" } },
    ]);
  });

  it("refuses an encrypted vault as a whole", () => {
    expect(parseImport({ name: "aegis.json", text: encryptedAegisVaultJSON() })).toEqual({
      kind: "failed",
      error: { kind: "aegis-encrypted" },
    });
  });
});

describe("2FAS", () => {
  it("round-trips a plain backup: groups as tags, issuer from the name when empty", () => {
    const entries = sampleEntries();
    const backup = JSON.parse(twoFasBackupJSON(entries)) as {
      services: { otp: Record<string, unknown> }[];
    };
    firstOf(backup.services).otp.issuer = "";
    const parsed = importText(JSON.stringify(backup), "backup.2fas");
    expect(parsed.format).toBe("2fas");
    expect(parsed.refused).toEqual([]);
    expect(otpsOf(parsed.entries.map((item) => item.entry))).toEqual(otpsOf(entries));
    expect(parsed.entries.map((item) => item.entry.display.tags)).toEqual([
      ["work"],
      ["money"],
      [],
      [],
    ]);
  });

  it("refuses services it cannot use", () => {
    const backup = JSON.parse(twoFasBackupJSON(sampleEntries().slice(0, 1))) as {
      services: unknown[];
    };
    backup.services.push(
      { name: "NoSecret", otp: { account: "a", tokenType: "TOTP" } },
      { name: "Long", secret: "JBSWY3DPEHPK3PXP", otp: { account: "b", period: 7200 } },
      {
        name: "Counter",
        secret: "JBSWY3DPEHPK3PXP",
        otp: { account: "c", tokenType: "HOTP", counter: -1 },
      },
      "junk",
    );
    expect(importText(JSON.stringify(backup)).refused).toEqual([
      { label: "NoSecret (a)", error: { kind: "missing-secret" } },
      { label: "Long (b)", error: { kind: "period-out-of-range", period: "7200" } },
      { label: "Counter (c)", error: { kind: "counter-invalid", counter: "-1" } },
      {
        label: "service 5",
        error: { kind: "invalid-item", reason: "a service that is not an object" },
      },
    ]);
  });

  it("refuses an encrypted backup as a whole", () => {
    expect(parseImport({ name: "backup.2fas", text: encryptedTwoFasBackupJSON() })).toEqual({
      kind: "failed",
      error: { kind: "2fas-encrypted" },
    });
  });
});

describe("Google Authenticator", () => {
  it("reads migration lines (several batches), with SHA256, 8 digits and an HOTP counter", () => {
    const { github, bank, vpn } = samples();
    const text = [
      googleMigrationUri([migrationAccountOf(github), migrationAccountOf(bank)], {
        size: 2,
        index: 0,
        id: 9,
      }),
      googleMigrationUri([migrationAccountOf(vpn)], { size: 2, index: 1, id: 9 }),
    ].join("\n");
    const parsed = importText(text);
    expect(parsed.format).toBe("google-migration");
    expect(parsed.refused).toEqual([]);
    expect(parsed.entries.map((item) => [item.entry.otp, item.line])).toEqual([
      [github.otp, 1],
      // Google has no period: always 30 s.
      [{ ...bank.otp, algorithm: "sha256", digits: 8, periodSeconds: 30 }, 1],
      [{ ...vpn.otp, kind: "hotp", counter: 7 }, 2],
    ]);
  });

  it("takes the account out of a name written as Issuer:account", () => {
    const account = { ...migrationAccountOf(samples().github), name: "GitHub:octo@example.com" };
    const parsed = importText(googleMigrationUri([account]));
    expect(firstOf(parsed.entries).entry.otp).toMatchObject({
      issuer: "GitHub",
      account: "octo@example.com",
    });
  });

  it("refuses MD5, unknown digit counts and types, and undecodable payloads", () => {
    const base = migrationAccountOf(samples().github);
    const text = [
      googleMigrationUri([
        { ...base, issuer: "Md5", algorithm: 4 },
        { ...base, issuer: "Digits", digits: 3 },
        { ...base, issuer: "Type", type: 7 },
        { ...base, issuer: "Empty", secret: new Uint8Array() },
      ]),
      "otpauth-migration://offline?data=%%%",
      "otpauth-migration://offline?data=CgMKAQ",
      "otpauth-migration://offline",
    ].join("\n");
    const parsed = importText(text);
    expect(parsed.entries).toEqual([]);
    expect(parsed.refused).toEqual([
      {
        label: "Md5 (octo@example.com)",
        line: 1,
        error: { kind: "unknown-algorithm", algorithm: "MD5" },
      },
      {
        label: "Digits (octo@example.com)",
        line: 1,
        error: { kind: "digits-out-of-range", digits: "digit count 3" },
      },
      {
        label: "Type (octo@example.com)",
        line: 1,
        error: { kind: "unsupported-type", type: "type 7" },
      },
      { label: "Empty (octo@example.com)", line: 1, error: { kind: "missing-secret" } },
      {
        label: "line 2",
        line: 2,
        error: {
          kind: "invalid-item",
          reason: "a Google Authenticator export whose data cannot be decoded",
        },
      },
      {
        label: "line 3",
        line: 3,
        error: {
          kind: "invalid-item",
          reason: "a Google Authenticator export whose data cannot be decoded",
        },
      },
      {
        label: "line 4",
        line: 4,
        error: { kind: "invalid-item", reason: "a Google Authenticator export without data" },
      },
    ]);
  });
});

describe("files that are not an import", () => {
  it.each([
    ["", { kind: "empty-file" }],
    ["  \n\n", { kind: "empty-file" }],
    ["hello\nworld", { kind: "unknown-format" }],
    ["{not json", { kind: "unknown-format" }],
    ['{"some": "json"}', { kind: "unknown-format" }],
    ["[1, 2]", { kind: "unknown-format" }],
    [
      '{"version":1,"header":{"slots":null,"params":null},"db":{"version":3}}',
      { kind: "invalid-file", format: "aegis", reason: "db.entries is not a list" },
    ],
  ])("refuses %j", (text, error) => {
    expect(parseImport({ name: "file", text })).toEqual({ kind: "failed", error });
  });
});
