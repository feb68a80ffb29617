import { describe, expect, it, vi } from "vitest";
import { boxSeal, fromB64, randomBytes, toB64 } from "../../../shared/crypto";
import { RequestCanceledError } from "../../../shared/model/errors";
import { createTestAccountBrowser } from "./test-support/account-browser";

// The service against a scripted server: the rules that do not need a real
// one (session validity, logout resilience, polling, the flag schedule).

type Route = (request: { method: string; url: URL; body: unknown; headers: Headers }) => {
  status: number;
  body?: unknown;
};

const apiOrigin = "http://api.test";

/** Installs a fake `fetch` for the duration of `run`, answering by "METHOD /path". */
const withServer = async <T>(routes: Record<string, Route>, run: () => Promise<T>) => {
  const original = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = ((input: string, init: RequestInit) => {
    const url = new URL(input);
    const key = `${init.method ?? "GET"} ${url.pathname}`;
    calls.push(key);
    const route = routes[key];
    const answer = route
      ? route({
          method: init.method ?? "GET",
          url,
          body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
          headers: new Headers(init.headers),
        })
      : { status: 404, body: { code: "NOT_FOUND", message: key } };
    return Promise.resolve(
      new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), {
        status: answer.status,
      }),
    );
  }) as typeof fetch;
  try {
    return { result: await run(), calls };
  } finally {
    globalThis.fetch = original;
  }
};

const loggedInBrowser = () => {
  const browser = createTestAccountBrowser(apiOrigin, { cheapKEK: true });
  browser.localStorage.setItem(
    "user",
    JSON.stringify({ id: 1, email: "a@b.c", token: "dG9rZW4=" }),
  );
  return browser;
};

describe("session validity (spec §4, §8)", () => {
  it.each([
    [401, "invalid"],
    [410, "valid"],
    [500, "valid"],
    [429, "valid"],
  ] as const)("an answer %i means %s", async (status, expected) => {
    const tab = loggedInBrowser().openTab();
    const { result } = await withServer(
      { "GET /users/session-validity/v2": () => ({ status, body: {} }) },
      () => tab.service.checkSessionValidity(),
    );
    expect(result).toBe(expected);
  });

  it("sends X-Auth-Token and pushes the original key attributes when the server has none", async () => {
    const browser = loggedInBrowser();
    const tab = browser.openTab();
    const original = { kekSalt: "c2FsdA==", encryptedKey: "a", keyDecryptionNonce: "b" };
    browser.localStorage.setItem(
      "originalKeyAttributes",
      JSON.stringify({
        ...original,
        publicKey: "p",
        encryptedSecretKey: "s",
        secretKeyDecryptionNonce: "n",
        memLimit: 268435456,
        opsLimit: 16,
      }),
    );
    let pushed: unknown;
    let token: string | null = null;
    const { result } = await withServer(
      {
        "GET /users/session-validity/v2": ({ headers }) => {
          token = headers.get("X-Auth-Token");
          return { status: 200, body: { hasSetKeys: false } };
        },
        "PUT /users/attributes": ({ body }) => {
          pushed = body;
          return { status: 200 };
        },
      },
      () => tab.service.checkSessionValidity(),
    );
    expect(result).toBe("valid");
    expect(token).toBe("dG9rZW4=");
    expect(pushed).toMatchObject({ keyAttributes: original });
  });
});

describe("logout", () => {
  it("clears every store even when the server fails, and logs the failing step", async () => {
    const browser = loggedInBrowser();
    const tab = browser.openTab();
    const { sessionCipher } = await browser.browser.newWorker().generateAccount("pw");
    tab.sessionStorage.setItem("accountSessionCipher", sessionCipher);
    const { calls } = await withServer({ "POST /users/logout": () => ({ status: 500 }) }, () =>
      tab.service.logout(),
    );
    expect(calls).toEqual(["POST /users/logout"]);
    expect(browser.localStorage.length).toBe(0);
    expect(tab.sessionStorage.length).toBe(0);
    expect(await browser.browser.indexedDB.databases()).toEqual([]);
    expect(browser.errors).toEqual([
      expect.stringContaining("Ignoring error during logout (remote logout)"),
    ]);
  });

  it("ignores a 401 of the remote logout", async () => {
    const browser = loggedInBrowser();
    const tab = browser.openTab();
    await withServer({ "POST /users/logout": () => ({ status: 401 }) }, () => tab.service.logout());
    expect(browser.errors).toEqual([]);
    expect(browser.localStorage.length).toBe(0);
  });
});

describe("passkey login", () => {
  it("polls until the accounts app verified the passkey, then opens the token", async () => {
    const browser = createTestAccountBrowser(apiOrigin, { cheapKEK: true });
    const tab = browser.openTab();
    // Keys of an existing account, unlocked in this tab as after an SRP login.
    const { keyAttributes } = await browser.browser.newWorker().generateAccount("pw");
    browser.localStorage.setItem("user", JSON.stringify({ id: 7, email: "p@k.ey" }));
    browser.localStorage.setItem("keyAttributes", JSON.stringify(keyAttributes));
    const tokenBytes = await randomBytes(32);
    const encryptedToken = toB64(await boxSeal(tokenBytes, fromB64(keyAttributes.publicKey)));
    let polls = 0;
    const { result } = await withServer(
      {
        "GET /users/two-factor/passkeys/get-token": () =>
          ++polls < 2
            ? { status: 400, body: { code: "SESSION_NOT_VERIFIED", message: "" } }
            : {
                status: 200,
                body: { id: 7, keyAttributes: { ...keyAttributes, kekHash: "" }, encryptedToken },
              },
      },
      () => tab.service.waitForPasskeyLogin("session", new AbortController().signal),
    );
    // This tab never derived the KEK: the token waits, sealed, for the password.
    expect(result).toEqual({ kind: "needs-password" });
    expect(polls).toBe(2);
    expect(await tab.service.unlockWithPassword("pw")).toEqual({ kind: "logged-in" });
    expect(JSON.parse(browser.localStorage.getItem("user") ?? "{}")).toMatchObject({
      id: 7,
      token: Buffer.from(tokenBytes).toString("base64url") + "=",
    });
  }, 15_000);

  it("stops polling when aborted", async () => {
    const tab = createTestAccountBrowser(apiOrigin).openTab();
    const controller = new AbortController();
    const { result } = await withServer(
      {
        "GET /users/two-factor/passkeys/get-token": () => {
          setTimeout(() => {
            controller.abort();
          }, 10);
          return { status: 400, body: { code: "SESSION_NOT_VERIFIED", message: "" } };
        },
      },
      () => tab.service.waitForPasskeyLogin("session", controller.signal).catch((e: unknown) => e),
    );
    expect(result).toBeInstanceOf(RequestCanceledError);
  });
});

describe("remote flags and feature flags", () => {
  it("reads a flag with default false and writes 'true'/'false'", async () => {
    const tab = loggedInBrowser().openTab();
    const sent: unknown[] = [];
    let query = "";
    const { result } = await withServer(
      {
        "GET /remote-store": ({ url }) => {
          query = url.search;
          return { status: 200, body: { value: "false" } };
        },
        "POST /remote-store/update": ({ body }) => {
          sent.push(body);
          return { status: 200 };
        },
      },
      async () => {
        const before = await tab.service.remoteFlag("faceSearchEnabled");
        await tab.service.setRemoteFlag("mapEnabled", true);
        return before;
      },
    );
    expect(result).toBe(false);
    expect(new URLSearchParams(query).get("defaultValue")).toBe("false");
    expect(sent).toEqual([{ key: "mapEnabled", value: "true" }]);
  });

  it("fetches the feature flags 2000 ms after start, into local storage", async () => {
    vi.useFakeTimers();
    try {
      const browser = loggedInBrowser();
      const tab = browser.openTab();
      const flags = {
        enableStripe: false,
        disableCFWorker: false,
        mapEnabled: false,
        faceSearchEnabled: false,
        passKeyEnabled: false,
        recoveryKeyVerified: false,
        internalUser: true,
        betaUser: false,
        enableMobMultiPart: true,
        serverApiFlag: 0,
        castUrl: "",
        embedUrl: "",
      };
      const { calls } = await withServer(
        { "GET /remote-store/feature-flags": () => ({ status: 200, body: flags }) },
        async () => {
          tab.service.scheduleFeatureFlagsPull();
          await vi.advanceTimersByTimeAsync(1999);
          expect(browser.localStorage.getItem("remoteFeatureFlags")).toBeNull();
          await vi.advanceTimersByTimeAsync(1);
          await vi.waitFor(() => {
            expect(browser.localStorage.getItem("remoteFeatureFlags")).not.toBeNull();
          });
        },
      );
      expect(calls).toEqual(["GET /remote-store/feature-flags"]);
      expect(JSON.parse(browser.localStorage.getItem("remoteFeatureFlags") ?? "")).toEqual({
        internalUser: true,
        betaUser: false,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
