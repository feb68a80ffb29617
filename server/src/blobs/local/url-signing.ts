import { createHmac, timingSafeEqual } from "node:crypto";

// [Note: Local blob URLs are signed like S3 presigned URLs]
//
// The local blob store hands out URLs that work like S3 presigned URLs: the
// method, the object key and every query parameter (operation details and an
// absolute expiry) are covered by an HMAC-SHA256 with the server's
// `blobURLSigning` secret. Changing anything, or using the URL with another
// method, or after its expiry, gets 403. Only the server can mint them, and
// it needs no state to check them.

export const expiresParam = "X-Cairn-Expires";
export const signatureParam = "X-Cairn-Signature";

export type SignedMethod = "GET" | "PUT" | "POST";

const canonicalRequest = (method: SignedMethod, key: string, params: URLSearchParams): string => {
  const entries = [...params.entries()]
    .filter(([name]) => name !== signatureParam)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort();
  return `${method}\n${key}\n${entries.join("&")}`;
};

const sign = (signingKey: Buffer, text: string): string =>
  createHmac("sha256", signingKey).update(text).digest("hex");

/** The signed URL for `method` on `key`, valid until `expiresAtMs`. */
export const signBlobURL = ({
  signingKey,
  baseURL,
  method,
  key,
  params,
  expiresAtMs,
}: {
  signingKey: Buffer;
  /** Where the blob routes are served, e.g. `http://localhost:8080/blobs`. */
  baseURL: string;
  method: SignedMethod;
  key: string;
  params: Readonly<Record<string, string | undefined>>;
  expiresAtMs: number;
}): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, value);
  }
  search.set(expiresParam, String(Math.floor(expiresAtMs / 1000)));
  search.set(signatureParam, sign(signingKey, canonicalRequest(method, key, search)));
  return `${baseURL}/${key}?${search.toString()}`;
};

export type SignatureCheck = "valid" | "expired" | "invalid";

/** Check the signature and expiry of a request to a signed URL. */
export const checkBlobURLSignature = ({
  signingKey,
  method,
  key,
  params,
  nowMs,
}: {
  signingKey: Buffer;
  method: SignedMethod;
  key: string;
  params: URLSearchParams;
  nowMs: number;
}): SignatureCheck => {
  const given = params.get(signatureParam);
  const expiresText = params.get(expiresParam);
  if (given === null || expiresText === null || !/^\d{1,12}$/.test(expiresText)) return "invalid";
  if (params.getAll(signatureParam).length !== 1 || params.getAll(expiresParam).length !== 1) {
    return "invalid";
  }
  const expected = Buffer.from(sign(signingKey, canonicalRequest(method, key, params)), "hex");
  const received = Buffer.from(given, "hex");
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return "invalid";
  // Checked after the signature, so that an attacker learns nothing from the
  // difference between "expired" and "forged".
  return Number(expiresText) * 1000 <= nowMs ? "expired" : "valid";
};
