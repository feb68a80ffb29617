// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../app/test-support/render-in-app";
import { RedirectGate } from "./RedirectGate";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const familiesTokenFetch = vi.fn((url: string) =>
  Promise.resolve(
    url.endsWith("/users/families-token")
      ? Response.json({ familiesToken: "families.jwt", familyUrl: "http://localhost:3000/family" })
      : new Response("", { status: 404 }),
  ),
);

const renderGate = (path: string, leavePage: (url: string) => void) => {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <RedirectGate leavePage={leavePage} fetch={familiesTokenFetch}>
            <p>the page</p>
          </RedirectGate>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

describe("RedirectGate", () => {
  it("sends a logged-in user to the roadmap at once, without showing the route", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
    const leavePage = vi.fn();
    renderGate("/gallery?redirect=roadmap", leavePage);
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByText("the page")).toBeNull();
    expect(leavePage).toHaveBeenCalledWith("https://roadmap.cairn.example/");
  });

  it("opens the family page with a fresh families token and the way back", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
    const leavePage = vi.fn();
    renderGate("/gallery?redirect=families", leavePage);
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByText("the page")).toBeNull();
    await waitFor(() => {
      expect(leavePage).toHaveBeenCalledWith(
        "http://localhost:3000/family?token=families.jwt&isFamilyCreated=false&redirectURL=http%3A%2F%2Flocalhost%3A3000%2Fgallery",
      );
    });
    const [, init] = familiesTokenFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)["X-Auth-Token"]).toBe("t");
  });

  it("shows the page when there is nothing to redirect to", async () => {
    const leavePage = vi.fn();
    renderGate("/login", leavePage);
    expect(await screen.findByText("the page")).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
  });
});
