import { describe, expect, it } from "vitest";
import {
  permissionsPolicy,
  webAppOriginsFor,
  webAppSecurityHeaders,
} from "./web-app-security-headers";

const urls = {
  api: "https://api.example.org",
  photos: "https://photos.example.org",
  accounts: "https://accounts.example.org",
  auth: "http://localhost:3002",
};

describe("webAppSecurityHeaders", () => {
  it("isolates the app, forbids framing and sniffing, and names the API and blob origins", () => {
    const headers = webAppSecurityHeaders(
      webAppOriginsFor("photos", urls, {
        kind: "s3",
        endpoint: "https://s3.example.net",
        region: "auto",
        bucket: "photos",
        accessKeyID: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      }),
      ["'sha256-abc='"],
    );
    expect(headers).toEqual({
      "Content-Security-Policy": expect.stringContaining(
        "connect-src 'self' https://api.example.org https://s3.example.net;",
      ) as string,
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Embedder-Policy": "credentialless",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Permissions-Policy": permissionsPolicy,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Strict-Transport-Security": "max-age=31536000",
    });
    expect(headers["Content-Security-Policy"]).toContain("style-src 'self' 'sha256-abc='");
  });

  it.each([
    ["photos", "max-age=31536000"],
    ["auth", undefined],
  ] as const)("sends HSTS only when the app's own URL is https: %s", (app, hsts) => {
    const headers = webAppSecurityHeaders(
      webAppOriginsFor(app, urls, { kind: "local", dir: "/data/objects" }),
      [],
    );
    expect(headers["Strict-Transport-Security"]).toBe(hsts);
  });

  it("allows the features the apps use to themselves only, and refuses the others", () => {
    const features = Object.fromEntries(
      permissionsPolicy.split(", ").map((entry) => entry.split("=") as [string, string]),
    );
    expect(features).toMatchObject({
      "publickey-credentials-get": "(self)",
      "publickey-credentials-create": "(self)",
      "clipboard-write": "(self)",
      fullscreen: "(self)",
      camera: "()",
      microphone: "()",
      geolocation: "()",
      payment: "()",
    });
    expect(
      Object.values(features).every((allowed) => allowed === "(self)" || allowed === "()"),
    ).toBe(true);
  });

  it("lets the auth app alone use the camera (its QR scanner)", () => {
    const policyOf = (app: "photos" | "accounts" | "auth") =>
      webAppSecurityHeaders(
        webAppOriginsFor(app, urls, { kind: "local", dir: "/data/objects" }),
        [],
      )["Permissions-Policy"];
    expect(policyOf("auth")).toContain("camera=(self)");
    expect(policyOf("photos")).toContain("camera=()");
    expect(policyOf("accounts")).toContain("camera=()");
    expect(policyOf("auth")).toContain("microphone=()");
  });
});
