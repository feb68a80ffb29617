// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../testing/render-in-app";

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const logIn = () => {
  localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "token" }));
};

describe("app routes", () => {
  it("shows the landing page at the root, with the ways in", async () => {
    renderInApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/signup");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("group", { name: "Theme" })).toBeTruthy();
    expect(screen.getByLabelText("Language")).toBeTruthy();
    expect(document.title).toBe("Cairn Photos");
  });

  it("shows a public route's title in the shell", async () => {
    renderInApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main navigation" })).toBeTruthy();
    expect(document.title).toBe("Log in · Cairn Photos");
  });

  it("sends a logged-out visitor of a needs-login route to the root", async () => {
    const { router } = renderInApp("/gallery");
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets a logged-in user open a needs-login route", async () => {
    logIn();
    renderInApp("/gallery");
    expect(await screen.findByRole("heading", { level: 1, name: "Gallery" })).toBeTruthy();
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
