import { describe, expect, it } from "vitest";
import {
  guardNavigation,
  navigationDecision,
  ownOriginsFor,
  type GuardedContents,
  type NavigationDecision,
} from "./navigation";

const packaged = ownOriginsFor(undefined);
const development = ownOriginsFor("http://localhost:5173/");

describe("where the desktop window may go", () => {
  it("knows the served origin always, the dev server's only when set", () => {
    expect(packaged).toEqual(["cairn-app://photos"]);
    expect(ownOriginsFor("")).toEqual(["cairn-app://photos"]);
    expect(development).toEqual(["cairn-app://photos", "http://localhost:5173"]);
  });

  it.each<[string, NavigationDecision, NavigationDecision]>([
    // [target, packaged, development]
    // The app's own origin, any route.
    ["cairn-app://photos/", "allow", "allow"],
    ["cairn-app://photos/gallery?collection=12", "allow", "allow"],
    // The dev server: only in development. Elsewhere it is an ordinary web page.
    ["http://localhost:5173/gallery", "open-external", "allow"],
    ["http://localhost:5174/gallery", "open-external", "open-external"],
    ["https://localhost:5173/gallery", "open-external", "open-external"],
    // The app scheme with another host is not the app.
    ["cairn-app://evil/", "refuse", "refuse"],
    ["cairn-app://PHOTOS/", "refuse", "refuse"],
    // The web and mail: the user's browser or mail client.
    ["https://github.com/cairn-photos/cairn/issues", "open-external", "open-external"],
    ["http://localhost:8080/", "open-external", "open-external"],
    ["mailto:support@example.org", "open-external", "open-external"],
    // Everything else is refused.
    ["file:///etc/passwd", "refuse", "refuse"],
    ["file:///opt/Cairn/resources/app/out/renderer/index.html", "refuse", "refuse"],
    ["javascript:alert(document.cookie)", "refuse", "refuse"],
    ["data:text/html,<script>alert(1)</script>", "refuse", "refuse"],
    ["blob:cairn-app://photos/1234", "refuse", "refuse"],
    ["cairn://app/gallery", "refuse", "refuse"],
    ["smb://server/share", "refuse", "refuse"],
    ["ms-msdt:/id PCWDiagnostic", "refuse", "refuse"],
    ["not a url", "refuse", "refuse"],
    ["", "refuse", "refuse"],
  ])("%s", (target, whenPackaged, inDevelopment) => {
    expect(navigationDecision(target, packaged)).toBe(whenPackaged);
    expect(navigationDecision(target, development)).toBe(inDevelopment);
  });
});

/** A stand-in for a window's webContents that runs its handlers like Electron does. */
function fakeContents() {
  const listeners = new Map<string, (event: { url: string; preventDefault(): void }) => void>();
  let openHandler: ((details: { url: string }) => { action: "deny" }) | undefined;
  const contents: GuardedContents = {
    on: (event: string, listener: (event: { url: string; preventDefault(): void }) => void) => {
      listeners.set(event, listener);
    },
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const navigate = (event: "will-navigate" | "will-redirect", url: string) => {
    const seen = { prevented: false };
    listeners.get(event)?.({
      url,
      preventDefault: () => {
        seen.prevented = true;
      },
    });
    return seen.prevented ? "stayed" : "went";
  };
  const windowOpen = (url: string) => openHandler?.({ url }).action;
  return { contents, navigate, windowOpen };
}

function guarded(ownOrigins = packaged) {
  const fake = fakeContents();
  const opened: string[] = [];
  const logs: string[] = [];
  guardNavigation(fake.contents, {
    ownOrigins,
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    log: (message) => logs.push(message),
  });
  return { ...fake, opened, logs };
}

describe("the navigation guard on the window", () => {
  it("lets the app move within its own origin", () => {
    const window = guarded();
    expect(window.navigate("will-navigate", "cairn-app://photos/login")).toBe("went");
    expect(window.navigate("will-redirect", "cairn-app://photos/gallery")).toBe("went");
    expect(window.opened).toEqual([]);
  });

  it("opens a web link in the user's browser and stays on the app", () => {
    const window = guarded();
    expect(window.navigate("will-navigate", "https://github.com/cairn-photos/cairn")).toBe(
      "stayed",
    );
    expect(window.navigate("will-redirect", "http://example.org/")).toBe("stayed");
    expect(window.opened).toEqual(["https://github.com/cairn-photos/cairn", "http://example.org/"]);
  });

  it("refuses file: and javascript: outright, logging the scheme only", () => {
    const window = guarded();
    expect(window.navigate("will-navigate", "file:///etc/passwd")).toBe("stayed");
    expect(window.navigate("will-navigate", "javascript:alert(1)")).toBe("stayed");
    expect(window.opened).toEqual([]);
    expect(window.logs).toEqual([
      "Refused to open a file: URL from the app window",
      "Refused to open a javascript: URL from the app window",
    ]);
  });

  it("allows the dev server only when it is configured", () => {
    expect(guarded(packaged).navigate("will-navigate", "http://localhost:5173/x")).toBe("stayed");
    expect(guarded(development).navigate("will-navigate", "http://localhost:5173/x")).toBe("went");
  });

  it("never opens a window: http, https and mailto go to the browser, the rest nowhere", () => {
    const window = guarded();
    for (const url of [
      "https://example.org/",
      "http://example.org/",
      "mailto:a@example.org",
      "cairn-app://photos/gallery",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "smb://server/share",
    ]) {
      expect(window.windowOpen(url)).toBe("deny");
    }
    expect(window.opened).toEqual([
      "https://example.org/",
      "http://example.org/",
      "mailto:a@example.org",
    ]);
    expect(window.logs).toHaveLength(4);
  });

  it("logs, and does not throw, when the browser cannot be opened", async () => {
    const fake = fakeContents();
    const logs: string[] = [];
    guardNavigation(fake.contents, {
      ownOrigins: packaged,
      openExternal: () => Promise.reject(new Error("no browser")),
      log: (message) => logs.push(message),
    });
    expect(fake.navigate("will-navigate", "https://example.org/")).toBe("stayed");
    await Promise.resolve();
    await Promise.resolve();
    expect(logs).toEqual(["Could not open a link in the browser: Error: no browser"]);
  });
});
