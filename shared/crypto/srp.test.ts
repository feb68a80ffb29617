import { SRP, SrpServer } from "fast-srp-hap";
import sodium from "libsodium-wrappers-sumo";
import { beforeAll, describe, expect, it } from "vitest";
import { fromB64, toB64 } from "./base64";
import {
  InvalidBase64Error,
  InvalidLengthError,
  SRPProtocolError,
  SRPServerProofMismatchError,
} from "./errors";
import { fromHex, toHex } from "./hex";
import { SRPClientSession, computeSRPVerifierB64, generateSRPSetupAttributes } from "./srp";
import { utf8ToBytes } from "./utf8";

beforeAll(async () => {
  await sodium.ready;
});

const srpUserID = "4f1b5c9e-3d2a-4b8c-9e7f-0a1b2c3d4e5f";
const srpSaltB64 = toB64(Uint8Array.from({ length: 16 }, (_, i) => 10 + i));
// deriveSRPLoginSubKey of the key 00 01 … 1f (see kdf.test.ts).
const loginSubKey = fromB64("aXC100RC/RF4ioO0tX4ecg==");
const knownVerifierB64 =
  "9eTu0wio2V4HQgunhT1uU6HZ1SUNYUlhv5Mw2WRSuZ4rPoC+Jw4JTnq55i3cq7Q5jIoLjcW6mF5dcu46Mk0J+3Fo1EwrCD5pr4zu2GsdPcXQ0x4fxQPZg0TVPEB8cOQwWs64JKETsINj2urFt8BjTCWu0ZWX4fkagh36HM65ibO4X5368YfiW+BC5bVWnAIm2wqOKRAwYwJ+DmRjEz++q9LU3NWcKCvkv6OX/BSWped8+JLLAMUYVTrovujB50mbl8G8JJEG2jYCU7gv7PuH32GnXhA4AfnvhS9IGfpkmBJ2dW7XM7zTIlPDKPIV5d9k9GuL1iqcOqcZQ9s6kLYMmeKXI+p0EQK9Acm83WEDfV/VrflcSADxMKG8NcUpXnH4V7xaiPJQDK8vICBTdLL1mjjyH0SU5sBx+DACtSMoA7fADcEidX/348VM+6JzBnOBvhnOzbZNMhG7yV2KNf1lRrH1zIgGFvuW2r9uqA0AF/k0sdtdiYrlFfcTPbGcvmxSL2xkRbEX5ceoB9vcEVarm/C/D2LymnQImQaaRk+Rvl4I15688w9zD5p57bBhzYRqLkFyd+rKLV+Afl4dGaw8HlWeu9mG8/ZMMLeLbn0iSpZwkxIjWIsQLNFWW3+q1/MVYIqRm54It5wCsIhE4qPDwW3SuCHoFt5oIx7mA5OQe/Q=";

/** v = g^x mod N with x = SHA-256(salt ‖ SHA-256(I ‖ ":" ‖ P)), computed independently with BigInt. */
const independentVerifier = (salt: Uint8Array, identity: string, password: Uint8Array) => {
  const params = SRP.params["4096"];
  const n = BigInt(`0x${params.N.toString(16)}`);
  const g = BigInt(`0x${params.g.toString(16)}`);
  const inner = sodium.crypto_hash_sha256(
    new Uint8Array([...utf8ToBytes(identity), ...utf8ToBytes(":"), ...password]),
  );
  const x = BigInt(`0x${toHex(sodium.crypto_hash_sha256(new Uint8Array([...salt, ...inner])))}`);
  let result = 1n;
  let base = g % n;
  for (let e = x; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % n;
    base = (base * base) % n;
  }
  return fromHex(result.toString(16).padStart(1024, "0"));
};

/** The server side of a login, with fast-srp-hap's own SrpServer over the stored verifier. */
const startServer = (verifierB64: string) =>
  new SrpServer(
    SRP.params["4096"],
    Buffer.from(fromB64(verifierB64)),
    Buffer.from(sodium.randombytes_buf(32)),
  );

describe("SRP", () => {
  it("computes the known verifier, which matches an independent computation", async () => {
    const verifierB64 = await computeSRPVerifierB64(srpUserID, srpSaltB64, loginSubKey);
    expect(verifierB64).toBe(knownVerifierB64);
    expect(toB64(independentVerifier(fromB64(srpSaltB64), srpUserID, loginSubKey))).toBe(
      knownVerifierB64,
    );
  });

  it("generates setup attributes: a v4 UUID, a 16-byte salt and their verifier", async () => {
    const attributes = await generateSRPSetupAttributes(loginSubKey);
    expect(attributes.srpUserID).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(fromB64(attributes.srpSaltB64)).toHaveLength(16);
    expect(attributes.srpVerifierB64).toBe(
      await computeSRPVerifierB64(attributes.srpUserID, attributes.srpSaltB64, loginSubKey),
    );
    const again = await generateSRPSetupAttributes(loginSubKey);
    expect(again.srpUserID).not.toBe(attributes.srpUserID);
  });

  it("completes a handshake with fast-srp-hap's SrpServer", async () => {
    const server = startServer(knownVerifierB64);
    const client = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
    expect(fromB64(client.srpAB64)).toHaveLength(512);

    server.setA(Buffer.from(fromB64(client.srpAB64)));
    client.setB(toB64(server.computeB()));
    const m1B64 = client.computeM1B64();
    expect(fromB64(m1B64)).toHaveLength(32);

    server.checkM1(Buffer.from(fromB64(m1B64)));
    expect(() => {
      client.verifyM2(toB64(server.computeM2()));
    }).not.toThrow();
  });

  it("a wrong password fails at M1 on the server", async () => {
    const server = startServer(knownVerifierB64);
    const wrongSubKey = loginSubKey.slice();
    wrongSubKey[0] = (wrongSubKey[0] ?? 0) ^ 1;
    const client = await SRPClientSession.create(srpUserID, srpSaltB64, wrongSubKey);
    server.setA(Buffer.from(fromB64(client.srpAB64)));
    client.setB(toB64(server.computeB()));
    expect(() => {
      server.checkM1(Buffer.from(fromB64(client.computeM1B64())));
    }).toThrow();
  });

  it("a wrong M2 throws SRPServerProofMismatchError", async () => {
    const server = startServer(knownVerifierB64);
    const client = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
    server.setA(Buffer.from(fromB64(client.srpAB64)));
    client.setB(toB64(server.computeB()));
    const m2 = server.computeM2();
    m2[0] = (m2[0] ?? 0) ^ 1;
    expect(() => {
      client.verifyM2(toB64(m2));
    }).toThrow(SRPServerProofMismatchError);
  });

  it("rejects malformed server values with typed errors", async () => {
    const client = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
    expect(() => {
      client.setB(toB64(new Uint8Array(511)));
    }).toThrow(InvalidLengthError);
    expect(() => {
      client.setB("not base64");
    }).toThrow(InvalidBase64Error);
    expect(() => {
      client.setB(toB64(new Uint8Array(512))); // B = 0 must be refused
    }).toThrow(SRPProtocolError);
    await expect(
      SRPClientSession.create(srpUserID, srpSaltB64, new Uint8Array(32)),
    ).rejects.toThrow(InvalidLengthError);
  });
});
