// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AccountServiceContext } from "../account-screens/parts/account-service-context";
import { fakeAccountService } from "../accounts/test-support/stubbed-account-service";
import type { AccountService } from "../accounts/account-service";
import { AppProviders, testApp } from "./test-support/render-in-app";
import type { AppDefinition } from "./app-definition";
import { appRoutes } from "./app-routes";

/** The test app's routes at `path`, over a fake account service. */
const renderInApp = (path: string, service: AccountService = fakeAccountService()) => {
  const router = createMemoryRouter(appRoutes(testApp), { initialEntries: [path] });
  const result = render(
    <AppProviders>
      <AccountServiceContext value={service}>
        <RouterProvider router={router} />
      </AccountServiceContext>
    </AppProviders>,
  );
  return { ...result, router };
};

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const userDetails = {
  email: "a@b.c",
  usageBytes: 1.5 * 1024 ** 3,
  fileCount: 3,
  storageBytes: 10 * 1024 ** 3,
  subscriptionExpiryTimeUs: 0,
  productID: "free",
  isTwoFactorEnabled: false,
  passkeyCount: 0,
};

const logIn = () => {
  localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "token" }));
};

describe("app routes", () => {
  it("shows the landing page at the root, with the ways in", async () => {
    renderInApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/signup");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    // The landing page is its own header: the nav bar goes once it is shown.
    await waitFor(() => {
      expect(screen.getAllByRole("group", { name: "Theme" })).toHaveLength(1);
    });
    expect(screen.getByLabelText("Language")).toBeTruthy();
    // The title is set in an effect, which may run after the screen is found.
    await waitFor(() => {
      expect(document.title).toBe("Cairn Photos");
    });
  });

  it("takes a logged-in user from the root to the gallery", async () => {
    logIn();
    const service = fakeAccountService({
      resumeSession: vi.fn(() => Promise.resolve({ kind: "logged-in" as const })),
      userDetails: vi.fn(() => Promise.resolve(userDetails)),
    });
    const { router } = renderInApp("/", service);
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/gallery");
    expect(screen.queryByRole("link", { name: "Sign up" })).toBeNull();
  });

  it("shows a public route's screen in the shell", async () => {
    renderInApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeTruthy();
    // The title is set in an effect, which may run after the screen is found.
    await waitFor(() => {
      expect(document.title).toBe("Log in · Cairn Photos");
    });
  });

  it("sends a logged-out visitor of a needs-login route to the root", async () => {
    const { router } = renderInApp("/gallery");
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets a logged-in user open a needs-login route", async () => {
    logIn();
    const service = fakeAccountService({
      resumeSession: vi.fn(() => Promise.resolve({ kind: "logged-in" as const })),
      userDetails: vi.fn(() => Promise.resolve(userDetails)),
    });
    renderInApp("/gallery", service);
    expect((await screen.findByTestId("view-title")).textContent).toBe("All");
    expect(await screen.findByText("a@b.c")).toBeTruthy();
    expect(screen.getByText("1.5 GB of 10 GB used")).toBeTruthy();
    expect(screen.getByText("3 files")).toBeTruthy();
    // The title is set in an effect, which may run after the screen is found.
    await waitFor(() => {
      expect(document.title).toBe("Gallery · Cairn Photos");
    });
  });

  it("sends a tab whose master key is not open to /credentials", async () => {
    logIn();
    const service = fakeAccountService({
      resumeSession: vi.fn(() => Promise.resolve({ kind: "needs-password" as const })),
    });
    const { router } = renderInApp("/gallery", service);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Enter your password" }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/credentials");
    expect(screen.getByText("a@b.c")).toBeTruthy();
  });

  it("shows the not-closable session-expired dialog when the session is invalid", async () => {
    logIn();
    const logout = vi.fn(() => Promise.resolve());
    const service = fakeAccountService({
      resumeSession: vi.fn(() => Promise.resolve({ kind: "logged-in" as const })),
      checkSessionValidity: vi.fn(() => Promise.resolve("invalid" as const)),
      logout,
    });
    const { router } = renderInApp("/gallery", service);
    const dialog = await screen.findByRole("dialog", { name: "Session expired" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("dialog", { name: "Session expired" })).toBe(dialog);
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toContain("Log in");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/login");
    });
    expect(logout).toHaveBeenCalledOnce();
  });

  it("says a route whose screen is not built yet is not available yet, under its title", async () => {
    const app: AppDefinition = {
      ...testApp,
      routes: [
        ...testApp.routes,
        { path: "/deduplicate", titleId: "route.deduplicate", access: "public" },
      ],
    };
    const router = createMemoryRouter(appRoutes(app), { initialEntries: ["/deduplicate"] });
    render(
      <AppProviders app={app}>
        <AccountServiceContext value={fakeAccountService()}>
          <RouterProvider router={router} />
        </AccountServiceContext>
      </AppProviders>,
    );
    expect(await screen.findByRole("heading", { name: "Remove duplicates" })).toBeTruthy();
    expect(screen.getByText("This page is not available yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the start page" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it("shows a not-found page with a way back for an unknown path", async () => {
    renderInApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the start page" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it("holds a valid redirect of a logged-out visitor until login", async () => {
    renderInApp("/login?redirect=roadmap");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem("pendingRedirect") ?? "null")).toEqual({
      target: "roadmap",
      url: "https://roadmap.cairn.example/",
    });
  });

  it("shows 'invalid redirection' for an unknown redirect", async () => {
    renderInApp("/login?redirect=elsewhere");
    const dialog = await screen.findByRole("dialog", { name: "Error" });
    expect(dialog.textContent).toContain("Invalid redirection elsewhere");
    expect(sessionStorage.getItem("pendingRedirect")).toBeNull();
  });

  it("switches the language from the picker and marks up the page", async () => {
    renderInApp("/");
    await screen.findByRole("link", { name: "Sign up" });
    // The landing page hides the nav bar (and its picker) once it is shown.
    await waitFor(() => {
      expect(screen.getAllByLabelText("Language")).toHaveLength(1);
    });
    act(() => {
      fireEvent.change(screen.getByLabelText("Language"), { target: { value: "fr-FR" } });
    });
    expect(await screen.findByRole("link", { name: "S’inscrire" })).toBeTruthy();
    await waitFor(() => {
      expect(document.documentElement.lang).toBe("fr-FR");
    });
    expect(document.documentElement.dir).toBe("ltr");
    expect(localStorage.getItem("locale")).toBe("fr-FR");
  });

  it("uses the stored language, mapping a legacy short code", async () => {
    localStorage.setItem("locale", "de");
    renderInApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Anmelden" })).toBeTruthy();
    await waitFor(() => {
      expect(localStorage.getItem("locale")).toBe("de-DE");
    });
  });

  it("runs the green top loading bar on a route change, completing it after 100 ms", async () => {
    const { router } = renderInApp("/");
    await screen.findByRole("link", { name: "Sign up" });
    const phase = () => document.querySelector(".cairn-loading-bar")?.getAttribute("data-phase");
    vi.useFakeTimers();
    await act(async () => {
      await router.navigate("/signup");
    });
    expect(phase()).toBe("running");
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(phase()).toBe("running");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(phase()).toBe("complete");
  });
});
