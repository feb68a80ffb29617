// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeAccountService } from "../accounts/test-support/stubbed-account-service";
import { testApp, testConfig } from "./test-support/render-in-app";
import { CairnApp } from "./CairnApp";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const configResponse = () =>
  new Response(JSON.stringify(testConfig), { headers: { "Content-Type": "application/json" } });

describe("CairnApp", () => {
  it("shows the loader, then the landing page once the runtime configuration has loaded", async () => {
    const fetch = vi.fn(() => Promise.resolve(configResponse()));
    render(<CairnApp app={testApp} fetch={fetch} accountService={fakeAccountService()} />);
    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/cairn-config.json", { cache: "no-store" });
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("explains a configuration that cannot be loaded and retries on request", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(configResponse());
    render(<CairnApp app={testApp} fetch={fetch} accountService={fakeAccountService()} />);
    const dialog = await screen.findByRole("dialog", { name: "Error" });
    expect(dialog.textContent).toContain("Cairn could not load its settings from the server.");
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("renders with the configuration the page's entry already asked for, without fetching it again", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    render(
      <CairnApp
        app={testApp}
        fetch={fetch}
        accountService={fakeAccountService()}
        runtimeConfig={Promise.resolve(testConfig)}
      />,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches the configuration again on a retry after the entry's request failed", async () => {
    const fetch = vi.fn(() => Promise.resolve(configResponse()));
    const failed = Promise.reject(new Error("Could not load /cairn-config.json (network)"));
    failed.catch(() => undefined);
    render(
      <CairnApp
        app={testApp}
        fetch={fetch}
        accountService={fakeAccountService()}
        runtimeConfig={failed}
      />,
    );
    await screen.findByRole("dialog", { name: "Error" });
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Cairn Photos" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
