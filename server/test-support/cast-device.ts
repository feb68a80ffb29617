import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { generateKeyPair, type KeyPair } from "../../shared/crypto/keys";
import { boxSeal, boxSealOpen } from "../../shared/crypto/sealed-box";
import { headerNames } from "../../shared/api/headers";
import type { TestAccountClient } from "./account-client";
import type { TestAccountsServer } from "./accounts";
import { collectionKeyOf } from "./library-client";

// The two ends of casting an album, as the reference's apps play them: a TV
// (its cast app) that registers a key pair and reads the album with the cast
// token it is sent, and a sender (the photos app) that seals the token and
// the collection key to the TV's public key.

/** What a sender seals to the TV: the reference's payload. */
export interface CastPayload {
  castToken: string;
  collectionID: number;
  /** base64 of the collection key. */
  collectionKey: string;
}

/** A Chromecast's receiver, as its user agent says. */
export const chromecastUserAgent =
  "Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 CrKey/1.56.500000";

export class TestCastDevice {
  keyPair!: KeyPair;
  code = "";
  /** Set once the TV has opened its payload. */
  payload: CastPayload | undefined;

  constructor(
    readonly server: Pick<TestAccountsServer, "request">,
    readonly userAgent = chromecastUserAgent,
  ) {}

  /** Registers a new key pair and keeps the code the server answers. */
  async register(): Promise<string> {
    this.keyPair = await generateKeyPair();
    const answer = await this.server.request({
      method: "POST",
      url: "/cast/device-info",
      headers: { "user-agent": this.userAgent },
      payload: { publicKey: toB64(this.keyPair.publicKey) },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    this.code = answer.json<{ deviceCode: string }>().deviceCode;
    return this.code;
  }

  /** One poll of the TV's pairing screen. */
  poll(code = this.code): Promise<LightMyRequestResponse> {
    return this.server.request({ method: "GET", url: `/cast/cast-data/${code}` });
  }

  /** Polls once, expecting the payload, and opens it with the TV's key pair. */
  async openPayload(): Promise<CastPayload> {
    const answer = await this.poll();
    expect(answer.statusCode, answer.body).toBe(200);
    const { encCastData } = answer.json<{ encCastData: string | null }>();
    expect(encCastData).not.toBeNull();
    const plain = await boxSealOpen(
      fromB64(encCastData ?? ""),
      this.keyPair.publicKey,
      this.keyPair.secretKey,
    );
    this.payload = JSON.parse(new TextDecoder().decode(plain)) as CastPayload;
    return this.payload;
  }

  /** A call with the cast token, in the header or (as for downloads) in the query. */
  read(
    url: string,
    { token = this.payload?.castToken ?? "", inQuery = false } = {},
  ): Promise<LightMyRequestResponse> {
    if (inQuery) {
      const separator = url.includes("?") ? "&" : "?";
      return this.server.request({
        method: "GET",
        url: `${url}${separator}castToken=${encodeURIComponent(token)}`,
      });
    }
    return this.server.request({
      method: "GET",
      url,
      headers: { [headerNames.castAccessToken]: token },
    });
  }
}

/** A fresh cast token, as the web app makes them. */
export const newCastToken = (): string => `cast_${randomUUID().replaceAll("-", "")}`;

/**
 * The sender's side: looks the code's key up, seals the payload to it and
 * publishes it. Answers the raw answer of `POST /cast/cast-data`.
 */
export const sendCastPayload = async (
  server: TestAccountsServer,
  sender: TestAccountClient,
  code: string,
  collectionID: number,
  castToken = newCastToken(),
): Promise<LightMyRequestResponse> => {
  const keyAnswer = await sender.call("GET", `/cast/device-info/${code}`);
  expect(keyAnswer.statusCode, keyAnswer.body).toBe(200);
  const { publicKey } = keyAnswer.json<{ publicKey: string }>();
  const payload: CastPayload = {
    castToken,
    collectionID,
    collectionKey: toB64(await collectionKeyOf(server, sender, collectionID)),
  };
  const sealed = await boxSeal(
    new TextEncoder().encode(JSON.stringify(payload)),
    fromB64(publicKey),
  );
  return sender.call("POST", "/cast/cast-data", {
    deviceCode: code,
    collectionID,
    castToken,
    encPayload: toB64(sealed),
  });
};

/** Registers `device`, pairs it with the collection through `sender`, and opens the payload. */
export const pairTestCastDevice = async (
  server: TestAccountsServer,
  sender: TestAccountClient,
  device: TestCastDevice,
  collectionID: number,
): Promise<CastPayload> => {
  await device.register();
  const answer = await sendCastPayload(server, sender, device.code, collectionID);
  expect(answer.statusCode, answer.body).toBe(200);
  return device.openPayload();
};
