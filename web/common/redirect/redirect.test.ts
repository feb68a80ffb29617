import { describe, expect, it, vi } from "vitest";
import { decideRedirect, redirectUrlFor, type RedirectDecision } from "./redirect-decision";
import { familiesPortalURL } from "./families-portal";
import { followPendingRedirect, holdRedirect, takePendingRedirect } from "./pending-redirect";

const config = {
  roadmapUrl: "https://roadmap.cairn.example/board",
  familiesUrl: "https://family.cairn.example/",
  apps: {
    photos: "https://photos.cairn.example",
    accounts: "https://accounts.cairn.example",
    auth: "https://auth.cairn.example",
  },
};

const familiesUrl =
  "https://family.cairn.example/?redirectURL=https%3A%2F%2Fphotos.cairn.example%2Fgallery";

describe("decideRedirect", () => {
  it.each<[string | null, boolean, RedirectDecision]>([
    [null, false, { kind: "none" }],
    [null, true, { kind: "none" }],
    ["", true, { kind: "none" }],
    ["roadmap", true, { kind: "go", target: "roadmap", url: config.roadmapUrl }],
    ["families", true, { kind: "go", target: "families", url: familiesUrl }],
    ["roadmap", false, { kind: "hold", target: "roadmap", url: config.roadmapUrl }],
    [
      "families",
      false,
      {
        kind: "hold",
        target: "families",
        url: "https://photos.cairn.example/gallery?redirect=families",
      },
    ],
    ["Roadmap", true, { kind: "invalid", value: "Roadmap" }],
    ["https://evil.example", true, { kind: "invalid", value: "https://evil.example" }],
    ["gallery", false, { kind: "invalid", value: "gallery" }],
  ])("redirect=%j, logged in %s", (value, loggedIn, expected) => {
    expect(decideRedirect(value, loggedIn, config)).toEqual(expected);
  });

  it("keeps the families page's own query when adding the way back", () => {
    const url = redirectUrlFor("families", {
      ...config,
      familiesUrl: "https://family.cairn.example/portal?lang=fr",
    });
    expect(new URL(url).searchParams.get("lang")).toBe("fr");
    expect(new URL(url).searchParams.get("redirectURL")).toBe(
      "https://photos.cairn.example/gallery",
    );
  });
});

describe("familiesPortalURL", () => {
  it("carries the families token, whether a family exists, and the way back", () => {
    const url = new URL(
      familiesPortalURL({
        familyUrl: "https://photos.cairn.example/family",
        familiesToken: "families.jwt",
        isFamilyCreated: true,
        photosURL: "https://photos.cairn.example/",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://photos.cairn.example/family");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: "families.jwt",
      isFamilyCreated: "true",
      redirectURL: "https://photos.cairn.example/gallery",
    });
  });
});

describe("pending redirect", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    } as unknown as Storage;
  };

  it("is followed once after login", () => {
    const storage = memory();
    const assign = vi.fn();
    holdRedirect({ target: "roadmap", url: config.roadmapUrl }, storage);
    expect(followPendingRedirect(assign, storage)).toBe(true);
    expect(assign).toHaveBeenCalledWith(config.roadmapUrl);
    expect(followPendingRedirect(assign, storage)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("is nothing when none was held or the held value is corrupt", () => {
    const storage = memory();
    expect(takePendingRedirect(storage)).toBeUndefined();
    storage.setItem("pendingRedirect", '{"target":"elsewhere","url":"https://x.example"}');
    expect(takePendingRedirect(storage)).toBeUndefined();
    storage.setItem("pendingRedirect", "{");
    expect(takePendingRedirect(storage)).toBeUndefined();
    expect(storage.getItem("pendingRedirect")).toBeNull();
  });
});
