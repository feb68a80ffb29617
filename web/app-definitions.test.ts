import { describe, expect, it } from "vitest";
import type { AppDefinition } from "./common/app/app-definition";
import { accountsApp } from "./accounts/app-definition";
import { authApp } from "./auth/app-definition";
import { photosApp } from "./photos/app-definition";

// Spec §2, "Screens and routes" (the root route is every app's landing page),
// and the provider pages Cairn serves itself.
const specRoutes: Record<string, string[]> = {
  photos: [
    "/change-email",
    "/change-password",
    "/credentials",
    "/gallery",
    "/generate",
    "/login",
    "/recover",
    "/signup",
    "/two-factor/setup",
    "/two-factor/verify",
    "/two-factor/recover",
    "/verify",
    "/shared-albums",
    "/deduplicate",
    // The spec's "provider web site" for families and payments is Cairn's
    // own: pages of the photos app, reached with a families or payment token.
    "/family",
    "/payments",
  ],
  accounts: [
    "/credentials",
    "/login",
    "/recover",
    "/signup",
    "/two-factor/setup",
    "/two-factor/verify",
    "/two-factor/recover",
    "/verify",
    "/passkeys",
    "/generate",
  ],
  auth: [
    "/credentials",
    "/login",
    "/recover",
    "/signup",
    "/two-factor/setup",
    "/two-factor/verify",
    "/two-factor/recover",
    "/verify",
    "/generate",
    "/auth",
  ],
};

const apps: AppDefinition[] = [photosApp, accountsApp, authApp];

describe.each(apps)("the $name app", (app) => {
  it("registers exactly the routes of the spec", () => {
    expect(app.routes.map((r) => r.path).sort()).toEqual([...(specRoutes[app.name] ?? [])].sort());
  });

  it("gives each route its own title", () => {
    const titles = app.routes.map((r) => r.titleId);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each([
    ["/login", "public"],
    ["/signup", "public"],
    ["/verify", "public"],
    ["/credentials", "public"],
    ["/generate", "needs-login"],
    ["/two-factor/setup", "needs-login"],
  ])("%s is %s", (path, access) => {
    expect(app.routes.find((r) => r.path === path)?.access).toBe(access);
  });
});

describe("app-specific screens that hold a user's data need login", () => {
  it.each<[AppDefinition, string]>([
    [photosApp, "/gallery"],
    [photosApp, "/deduplicate"],
    [photosApp, "/change-email"],
    [photosApp, "/change-password"],
    [authApp, "/auth"],
  ])("$name %s", (app, path) => {
    expect(app.routes.find((r) => r.path === path)?.access).toBe("needs-login");
  });

  it("passkeys are public: a login's passkey step has no login of the accounts app yet", () => {
    expect(accountsApp.routes.find((r) => r.path === "/passkeys")?.access).toBe("public");
  });

  it("public albums are open to anyone with the link", () => {
    expect(photosApp.routes.find((r) => r.path === "/shared-albums")?.access).toBe("public");
  });
});
