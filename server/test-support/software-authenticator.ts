import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

// A WebAuthn authenticator in software for server tests: one ES256 (P-256)
// credential, "none" attestation, producing the JSON a browser hands to
// @simplewebauthn/browser callers. Browser tests use Chromium's virtual
// authenticator instead.

type CBOR = number | string | Uint8Array | CBORMap;
interface CBORMap {
  readonly entries: readonly (readonly [number | string, CBOR])[];
}

const map = (entries: CBORMap["entries"]): CBORMap => ({ entries });

const head = (major: number, length: number): Buffer => {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
};

/** The little CBOR WebAuthn needs: small ints, text, bytes, maps (in the given key order). */
const cbor = (value: CBOR): Buffer => {
  if (typeof value === "number") {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.entries.length),
    ...value.entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
};

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

export class SoftwareAuthenticator {
  readonly credentialID = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  #signCount = 0;

  constructor(
    readonly rpID: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
  }

  #coseKey(): Buffer {
    const jwk = this.#publicKey.export({ format: "jwk" });
    return cbor(
      map([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  #clientData(type: string, challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
      "utf8",
    );
  }

  #counter(): Buffer {
    this.#signCount += 1;
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.#signCount);
    return bytes;
  }

  /** `navigator.credentials.create` for options whose challenge is given. */
  register(challenge: string) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialID.length);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      this.#counter(),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialID,
      this.#coseKey(),
    ]);
    const attestationObject = cbor(
      map([
        ["fmt", "none"],
        ["attStmt", map([])],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(this.credentialID),
      rawId: b64url(this.credentialID),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.#clientData("webauthn.create", challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get` for options whose challenge is given. */
  assert(challenge: string) {
    const authData = Buffer.concat([sha256(this.rpID), Buffer.from([0x05]), this.#counter()]);
    const clientDataJSON = this.#clientData("webauthn.get", challenge);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.#privateKey,
    );
    return {
      id: b64url(this.credentialID),
      rawId: b64url(this.credentialID),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
