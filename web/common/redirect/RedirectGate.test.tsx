// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../testing/render-in-app";
import { RedirectGate } from "./RedirectGate";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const renderGate = (path: string, leavePage: (url: string) => void) => {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <RedirectGate leavePage={leavePage}>
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
  it("sends a logged-in user to the provider page at once, without showing the route", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 1, email: "a@b.c", token: "t" }));
    const leavePage = vi.fn();
    renderGate("/gallery?redirect=families", leavePage);
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(screen.queryByText("the page")).toBeNull();
    expect(leavePage).toHaveBeenCalledWith(
      "https://family.cairn.example/?redirectURL=http%3A%2F%2Flocalhost%3A3000%2Fgallery",
    );
  });

  it("shows the page when there is nothing to redirect to", async () => {
    const leavePage = vi.fn();
    renderGate("/login", leavePage);
    expect(await screen.findByText("the page")).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
  });
});
