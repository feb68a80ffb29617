// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IncorrectPasswordError } from "../../../shared/model/accounts/account-errors";
import { TokenExpiredError } from "../../../shared/model/errors";
import type { AccountService, LoginProgress } from "../accounts/account-service";
import { appRoutes } from "../app/app-routes";
import { AppProviders, testApp } from "../app/test-support/render-in-app";
import { AccountServiceContext } from "./parts/account-service-context";
import { fakeAccountService } from "../accounts/test-support/stubbed-account-service";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** Render `path` and wait until the session has resumed and a screen shows. */
const renderAt = async (path: string, service: AccountService, state?: unknown) => {
  const router = createMemoryRouter(appRoutes(testApp), {
    initialEntries: [{ pathname: path, state }],
  });
  render(
    <AppProviders>
      <AccountServiceContext value={service}>
        <RouterProvider router={router} />
      </AccountServiceContext>
    </AppProviders>,
  );
  await screen.findByRole("heading", { level: 1 });
  return router;
};

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
};
const press = (name: string) => {
  fireEvent.click(screen.getByRole("button", { name }));
};

const mnemonic = Array.from({ length: 24 }, (_, i) => `word${String(i + 1)}`).join(" ");

describe("the account screens", () => {
  it("logs in with the password on the login screen, after a wrong one", async () => {
    const loginWithPassword = vi
      .fn<AccountService["loginWithPassword"]>()
      .mockRejectedValueOnce(new IncorrectPasswordError())
      .mockImplementationOnce(() => {
        localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
        return Promise.resolve({ kind: "logged-in" });
      });
    const service = fakeAccountService({
      loginMethodFor: vi.fn(() => Promise.resolve("srp" as const)),
      loginWithPassword,
      userDetails: vi.fn(() => new Promise<never>(() => undefined)),
    });
    const router = await renderAt("/login", service);
    type("Email", " a@b.c ");
    press("Continue");
    await screen.findByLabelText("Password", { exact: true });
    type("Password", "wrong");
    press("Log in");
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect password");
    type("Password", "right");
    press("Log in");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/gallery");
    });
    expect(loginWithPassword).toHaveBeenLastCalledWith("a@b.c", "right", expect.any(Function));
  });

  it("says what a login is doing while it runs: unlocking the keys, then checking the password", async () => {
    let stage: ((progress: LoginProgress) => void) | undefined;
    let finish: (() => void) | undefined;
    const service = fakeAccountService({
      loginMethodFor: vi.fn(() => Promise.resolve("srp" as const)),
      loginWithPassword: vi.fn<AccountService["loginWithPassword"]>(
        (_email, _password, onProgress) => {
          stage = onProgress;
          return new Promise((resolve) => {
            finish = () => {
              localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
              resolve({ kind: "logged-in" });
            };
          });
        },
      ),
      userDetails: vi.fn(() => new Promise<never>(() => undefined)),
    });
    const router = await renderAt("/login", service);
    type("Email", "a@b.c");
    press("Continue");
    await screen.findByLabelText("Password", { exact: true });
    type("Password", "right");
    press("Log in");
    const line = await screen.findByTestId("login-progress");
    await waitFor(() => {
      expect(stage).toBeDefined();
    });
    act(() => {
      stage?.("unlocking-keys");
    });
    expect(line.textContent).toBe(
      "Unlocking your keys… This takes a few seconds on purpose: it makes your password very hard to guess.",
    );
    act(() => {
      stage?.("checking-password");
    });
    expect(line.textContent).toBe("Checking your password…");
    act(() => {
      finish?.();
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/gallery");
    });
  });

  it("sends a sign-up to /verify with the email, and a wrong code gets a message", async () => {
    const sendEmailCode = vi.fn(() => Promise.resolve());
    const service = fakeAccountService({
      sendEmailCode,
      verifyEmailCode: vi.fn(() => Promise.reject(new TokenExpiredError({ status: 401 }))),
    });
    const router = await renderAt("/signup", service);
    type("Email", "new@b.c");
    press("Create account");
    expect(await screen.findByText("We sent a six-digit code to new@b.c.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/verify");
    expect(sendEmailCode).toHaveBeenCalledWith("new@b.c", "signup");
    // Spaces and dashes of a pasted code are dropped.
    type("Verification code", "123 - 456");
    expect(screen.getByLabelText<HTMLInputElement>("Verification code").value).toBe("123456");
    press("Verify");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This code is not correct. Check it and try again.",
    );
  });

  it("sends a /verify opened without an email back to /signup", async () => {
    const router = await renderAt("/verify", fakeAccountService());
    await screen.findByRole("heading", { level: 1, name: "Create your account" });
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("generates the keys, then shows the recovery key until it is acknowledged", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
    let finish: (value: { recoveryMnemonic: string }) => void = () => undefined;
    const generateAccount = vi.fn(
      () =>
        new Promise<{ recoveryMnemonic: string }>((resolve) => {
          finish = resolve;
        }),
    );
    const service = fakeAccountService({
      generateAccount,
      userDetails: vi.fn(() => new Promise<never>(() => undefined)),
    });
    const router = await renderAt("/generate", service);
    type("New password", "Abcdefghij1k");
    expect(await screen.findByText("Strong password")).toBeTruthy();
    type("Confirm password", "Abcdefghij1x");
    press("Set password");
    expect(await screen.findByText("The passwords do not match")).toBeTruthy();
    expect(generateAccount).not.toHaveBeenCalled();

    type("Confirm password", "Abcdefghij1k");
    press("Set password");
    expect(await screen.findByText(/Generating your encryption keys/)).toBeTruthy();
    finish({ recoveryMnemonic: mnemonic });
    const words = await screen.findByRole("list", { name: "Recovery key" });
    expect(words.querySelectorAll("li")).toHaveLength(24);
    const next = screen.getByRole<HTMLButtonElement>("button", { name: "Continue to Cairn" });
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I have saved my recovery key in a safe place"));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/gallery");
    });
  });

  it("takes an account that already has keys from /generate to /credentials", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
    localStorage.setItem(
      "keyAttributes",
      JSON.stringify({
        kekSalt: "s",
        encryptedKey: "k",
        keyDecryptionNonce: "n",
        publicKey: "p",
        encryptedSecretKey: "e",
        secretKeyDecryptionNonce: "n",
        memLimit: 1,
        opsLimit: 1,
      }),
    );
    const router = await renderAt("/generate", fakeAccountService());
    await screen.findByRole("heading", { level: 1, name: "Enter your password" });
    expect(router.state.location.pathname).toBe("/credentials");
  });
});
