// `otpauth://` URIs (Google's Key Uri Format, with Ente Auth's additions: the
// `steam` type and the `codeDisplay` parameter) to and from entries.

import { codeDisplayFromJSON, codeDisplayJSON } from "./code-display";
import {
  type AuthenticatorEntry,
  DEFAULT_PERIOD_SECONDS,
  type OtpFieldError,
  type Result,
  emptyCodeDisplay,
  err,
  ok,
  otpParametersFrom,
} from "./entry";

export type OtpauthUriError = { kind: "not-an-otpauth-uri"; reason: string } | OtpFieldError;

const SCHEME = "otpauth://";

/** Parameters we read; every other one is kept in `unknownUriParams`. */
const KNOWN_PARAMS = new Set([
  "secret",
  "issuer",
  "algorithm",
  "digits",
  "period",
  "counter",
  "codeDisplay",
]);

const decodeComponent = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

// [Note: Issuer and account of an otpauth label]
//
// The label is `Issuer:account` (URL-encoded, optional spaces after the
// colon), or just `account`. Following Google's Key Uri Format and Ente Auth,
// a non-empty `issuer` parameter wins over the label's prefix; when it is
// there and the decoded label starts with it and a colon, the account is the
// rest, so an issuer holding a colon still splits right. Otherwise the label
// splits at its first colon, and a label without one is the account alone.
// Ente writes an empty issuer as the label `:account` with `issuer=`, which
// reads back as issuer "" here and in both Ente apps; we write the same.

const issuerAndAccountOf = (
  label: string,
  issuerParam: string | undefined,
): { issuer: string; account: string } => {
  if (issuerParam !== undefined && issuerParam !== "") {
    const account = label.startsWith(`${issuerParam}:`)
      ? label.slice(issuerParam.length + 1)
      : label.includes(":")
        ? label.slice(label.indexOf(":") + 1)
        : label;
    return { issuer: issuerParam, account: account.trimStart() };
  }
  const colon = label.indexOf(":");
  if (colon < 0) return { issuer: "", account: label };
  return { issuer: label.slice(0, colon), account: label.slice(colon + 1).trimStart() };
};

// [Note: A "#" in an otpauth URI is literal]
//
// Old Ente Auth versions wrote account names with an unencoded "#", which a
// URL parser takes as the start of a fragment, losing every parameter after
// it; both Ente apps retry with "#" replaced by "%23". An otpauth URI has no
// use for a fragment, so our parser never splits one off: a "#" is part of
// the label or value it appears in. It is also why we parse by hand rather
// than with `URL`, whose idea of an `otpauth:` host differs between browsers.

/** Parses an `otpauth://` URI into an entry, or says why it cannot. */
export const parseOtpauthUri = (uri: string): Result<AuthenticatorEntry, OtpauthUriError> => {
  const text = uri.trim();
  const malformed = (reason: string) => err({ kind: "not-an-otpauth-uri" as const, reason });
  if (!text.toLowerCase().startsWith(SCHEME)) return malformed("does not start with otpauth://");
  const rest = text.slice(SCHEME.length);
  const slash = rest.indexOf("/");
  const question = rest.indexOf("?");
  if (slash <= 0 || (question >= 0 && question < slash)) return malformed("no type and label");
  const type = rest.slice(0, slash);
  const afterType = rest.slice(slash + 1);
  const queryAt = afterType.indexOf("?");
  const labelRaw = queryAt < 0 ? afterType : afterType.slice(0, queryAt);
  const query = queryAt < 0 ? "" : afterType.slice(queryAt + 1);

  const label = decodeComponent(labelRaw);
  if (label === undefined) return malformed("the label is not valid URL encoding");

  const known = new Map<string, string>();
  const unknownUriParams: (readonly [string, string])[] = [];
  for (const piece of query.split("&")) {
    if (piece === "") continue;
    const equals = piece.indexOf("=");
    const rawName = equals < 0 ? piece : piece.slice(0, equals);
    const rawValue = equals < 0 ? "" : piece.slice(equals + 1);
    // Query components encode a space as "+" (application/x-www-form-urlencoded).
    const name = decodeComponent(rawName.replaceAll("+", " "));
    const value = decodeComponent(rawValue.replaceAll("+", " "));
    if (name === undefined || value === undefined) {
      return malformed(`the parameter "${rawName}" is not valid URL encoding`);
    }
    // The first of repeated parameters wins, as with URLSearchParams.get.
    if (KNOWN_PARAMS.has(name)) {
      if (!known.has(name)) known.set(name, value);
    } else {
      unknownUriParams.push([name, value]);
    }
  }

  const { issuer, account } = issuerAndAccountOf(label, known.get("issuer"));
  const otp = otpParametersFrom({
    type,
    issuer,
    account,
    secret: known.get("secret"),
    algorithm: known.get("algorithm"),
    digits: known.get("digits"),
    period: known.get("period"),
    counter: known.get("counter"),
  });
  if (!otp.ok) return otp;

  const codeDisplay = known.get("codeDisplay");
  const display =
    (codeDisplay === undefined ? undefined : codeDisplayFromJSON(codeDisplay)) ??
    emptyCodeDisplay();
  const entry: AuthenticatorEntry = { otp: otp.value, display };
  if (unknownUriParams.length > 0) entry.unknownUriParams = unknownUriParams;
  return ok(entry);
};

export interface FormatOptions {
  /**
   * Whether to write Ente's `codeDisplay` parameter (default true). Leave it
   * out for a QR code or a link meant for another authenticator app.
   */
  withCodeDisplay?: boolean;
}

/**
 * Formats an entry as an `otpauth://` URI, in the form Ente Auth writes:
 * `otpauth://<totp|hotp|steam>/<issuer>:<account>?algorithm=SHA1&digits=6&issuer=…&period=30&secret=…`
 * (`counter` for HOTP), then `codeDisplay`, then the unknown parameters kept
 * from parsing. Steam is its own type with `digits=5`, as Ente writes it.
 * See: [Note: Issuer and account of an otpauth label]
 */
export const formatOtpauthUri = (
  { otp, display, unknownUriParams }: AuthenticatorEntry,
  { withCodeDisplay = true }: FormatOptions = {},
): string => {
  const params: [string, string][] = [
    ["algorithm", otp.algorithm.toUpperCase()],
    ["digits", String(otp.digits)],
    ["issuer", otp.issuer],
  ];
  // Google's format has no period for HOTP; we write one only if it is not
  // the default, so that a foreign value survives a round trip.
  if (otp.kind !== "hotp" || otp.periodSeconds !== DEFAULT_PERIOD_SECONDS) {
    params.push(["period", String(otp.periodSeconds)]);
  }
  params.push(["secret", otp.secretBase32]);
  if (otp.kind === "hotp") params.push(["counter", String(otp.counter)]);
  if (withCodeDisplay) params.push(["codeDisplay", codeDisplayJSON(display)]);
  for (const [name, value] of unknownUriParams ?? []) {
    if (!KNOWN_PARAMS.has(name)) params.push([name, value]);
  }
  const label = `${encodeURIComponent(otp.issuer)}:${encodeURIComponent(otp.account)}`;
  const query = params
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  return `${SCHEME}${otp.kind}/${label}?${query}`;
};
