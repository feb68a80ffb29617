import { describe, expect, it } from "vitest";
import { ipcChannels } from "../../shared/desktop/electron-bridge";
import { startLinkDelivery, type LinkApp, type LinkWindow } from "./link-delivery";

type Listener = (...args: never[]) => void;

/** A stand-in for Electron's `app`: records what the flow does and emits its events. */
function fakeApp({ primary = true } = {}) {
  const listeners = new Map<string, Listener[]>();
  const calls: string[] = [];
  const app: LinkApp = {
    requestSingleInstanceLock: () => primary,
    quit: () => {
      calls.push("quit");
    },
    setAsDefaultProtocolClient: (scheme, executable, args) => {
      calls.push(["register", scheme, executable, ...(args ?? [])].filter(Boolean).join(" "));
      return true;
    },
    on: (event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  };
  const openURL = (url: string) => {
    const seen = { prevented: false };
    emit(
      "open-url",
      {
        preventDefault: () => {
          seen.prevented = true;
        },
      },
      url,
    );
    return seen.prevented;
  };
  const secondInstance = (argv: string[]) => {
    emit("second-instance", {}, argv, "/home/me");
  };
  return { app, calls, openURL, secondInstance, listenerCount: () => listeners.size };
}

/** A stand-in for the main window: records the routes it was sent and how it was brought forward. */
function fakeWindow({ minimized = false } = {}) {
  const events = new Map<string, (() => void)[]>();
  const contentsEvents = new Map<string, (() => void)[]>();
  const routes: string[] = [];
  const actions: string[] = [];
  let isMinimized = minimized;
  const add = (map: Map<string, (() => void)[]>, event: string, listener: () => void) => {
    map.set(event, [...(map.get(event) ?? []), listener]);
  };
  const window: LinkWindow = {
    isMinimized: () => isMinimized,
    restore: () => {
      isMinimized = false;
      actions.push("restore");
    },
    show: () => {
      actions.push("show");
    },
    focus: () => {
      actions.push("focus");
    },
    on: (event: string, listener: () => void) => {
      add(events, event, listener);
    },
    webContents: {
      send: (channel: string, ...args: unknown[]) => {
        expect(channel).toBe(ipcChannels.openURL);
        routes.push(String(args[0]));
      },
      on: (event: string, listener: () => void) => {
        add(contentsEvents, event, listener);
      },
    },
  };
  const fire = (map: Map<string, (() => void)[]>, event: string) => {
    for (const listener of map.get(event) ?? []) listener();
  };
  return {
    window,
    routes,
    actions,
    load: () => {
      fire(contentsEvents, "did-start-loading");
      fire(contentsEvents, "did-finish-load");
    },
    startReload: () => {
      fire(contentsEvents, "did-start-loading");
    },
    finishLoad: () => {
      fire(contentsEvents, "did-finish-load");
    },
    close: () => {
      fire(events, "closed");
    },
  };
}

function start(options: { argv?: string[]; primary?: boolean; defaultApp?: boolean } = {}) {
  const fake = fakeApp({ primary: options.primary ?? true });
  const logs: string[] = [];
  let windowRequests = 0;
  const delivery = startLinkDelivery({
    app: fake.app,
    argv: options.argv ?? ["/opt/Cairn/cairn"],
    registration: options.defaultApp
      ? { scheme: "cairn", launch: { executable: "/electron", args: ["/checkout"] } }
      : { scheme: "cairn" },
    log: (message) => logs.push(message),
    ensureWindow: () => windowRequests++,
  });
  return { ...fake, delivery, logs, windowRequests: () => windowRequests };
}

describe("one instance of the app", () => {
  it("a second instance quits without listening or registering (its argv goes to the first)", () => {
    const second = start({ primary: false, argv: ["/opt/Cairn/cairn", "cairn://app/gallery"] });
    expect(second.delivery).toBeUndefined();
    expect(second.calls).toEqual(["quit"]);
    expect(second.listenerCount()).toBe(0);
  });

  it("the first instance registers itself as the handler of cairn:// links", () => {
    expect(start().calls).toEqual(["register cairn"]);
    expect(start({ defaultApp: true }).calls).toEqual(["register cairn /electron /checkout"]);
  });
});

describe("deep links reach the window", () => {
  it("a link that launched the app (its own argv) is delivered once the window has loaded", () => {
    const flow = start({
      argv: ["/opt/Cairn/cairn", "--flag", "cairn://app/gallery?collection=12"],
    });
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    expect(main.routes).toEqual([]);
    main.load();
    expect(main.routes).toEqual(["/gallery?collection=12"]);
    expect(main.actions).toEqual(["show", "focus"]);
    // Delivered once: a later load does not replay it.
    main.load();
    expect(main.routes).toEqual(["/gallery?collection=12"]);
  });

  it("macOS: a link before the window exists asks for a window and waits for it", () => {
    const flow = start();
    expect(flow.openURL("cairn://app/gallery?collection=3")).toBe(true);
    expect(flow.windowRequests()).toBe(1);
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    expect(main.routes).toEqual(["/gallery?collection=3"]);
  });

  it("macOS: only the latest of several links before the window loads is opened", () => {
    const flow = start();
    flow.openURL("cairn://app/gallery?collection=3");
    flow.openURL("cairn://app/shared-albums");
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    expect(main.routes).toEqual(["/shared-albums"]);
  });

  it("macOS: a link to a loaded window is delivered at once and brings the window forward", () => {
    const flow = start();
    const main = fakeWindow({ minimized: true });
    flow.delivery?.follow(main.window);
    main.load();
    flow.openURL("cairn://app/gallery");
    expect(main.routes).toEqual(["/gallery"]);
    expect(main.actions).toEqual(["restore", "show", "focus"]);
    expect(flow.windowRequests()).toBe(0);
  });

  it("Linux/Windows: a second instance's link focuses the window and routes", () => {
    const flow = start();
    const main = fakeWindow({ minimized: true });
    flow.delivery?.follow(main.window);
    main.load();
    flow.secondInstance([
      "/opt/Cairn/cairn",
      "--original-process-start-time=13371337",
      "cairn://app/gallery?collection=12",
    ]);
    expect(main.routes).toEqual(["/gallery?collection=12"]);
    expect(main.actions[0]).toBe("restore");
    expect(main.actions).toContain("focus");
  });

  it("Linux/Windows: a second launch without a link only brings the window forward", () => {
    const flow = start();
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    flow.secondInstance(["/opt/Cairn/cairn", "--some-switch", "/home/me/photo.jpg"]);
    expect(main.routes).toEqual([]);
    expect(main.actions).toEqual(["show", "focus"]);
    expect(flow.logs).toEqual([]);
  });

  it("a link while the page reloads waits for the reloaded page", () => {
    const flow = start();
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    main.startReload();
    flow.openURL("cairn://app/gallery");
    expect(main.routes).toEqual([]);
    main.finishLoad();
    expect(main.routes).toEqual(["/gallery"]);
  });

  it("a link after the window closed goes to the next window, not the closed one", () => {
    const flow = start();
    const first = fakeWindow();
    flow.delivery?.follow(first.window);
    first.load();
    first.close();
    flow.openURL("cairn://app/gallery");
    expect(first.routes).toEqual([]);
    expect(flow.windowRequests()).toBe(1);
    const next = fakeWindow();
    flow.delivery?.follow(next.window);
    next.load();
    expect(next.routes).toEqual(["/gallery"]);
  });

  it.each([
    ["another scheme", "https://example.com/gallery", "other-scheme"],
    ["another host", "cairn://evil.com/gallery", "other-host"],
    ["a malformed link", "cairn://app:99999/", "not-a-url"],
    ["path traversal", "cairn://app/../x", "dot-segment"],
  ])("%s is ignored and logged without the link", (_name, link, reason) => {
    const flow = start();
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    flow.openURL(link);
    flow.secondInstance(["/opt/Cairn/cairn", link]);
    expect(main.routes).toEqual([]);
    const logged = flow.logs.filter((line) => line.includes(reason));
    // From open-url always; from argv only when the argument claims our scheme.
    expect(logged.length).toBe(link.startsWith("cairn:") ? 2 : 1);
    expect(flow.logs.join("\n")).not.toContain(link);
  });

  it("a malformed link in the launching argv is ignored and nothing waits", () => {
    const flow = start({ argv: ["/opt/Cairn/cairn", "cairn://evil.com/gallery"] });
    const main = fakeWindow();
    flow.delivery?.follow(main.window);
    main.load();
    expect(main.routes).toEqual([]);
    expect(flow.logs).toEqual(["Ignored an open request (other-host)"]);
  });
});
