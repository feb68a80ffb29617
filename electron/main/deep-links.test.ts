import { describe, expect, it } from "vitest";
import {
  linksInArgv,
  protocolClientRegistration,
  routeForLink,
  type LinkRoute,
} from "./deep-links";

const route = (r: string): LinkRoute => ({ kind: "route", route: r });
const ignored = (reason: string) => ({ kind: "ignored", reason });

describe("the route a deep link opens", () => {
  it.each([
    // Routes of the photos app, query strings and fragments kept as written.
    ["cairn://app/gallery?collection=12", route("/gallery?collection=12")],
    ["cairn://app/gallery", route("/gallery")],
    ["cairn://app/gallery/", route("/gallery/")],
    ["cairn://app/two-factor/verify", route("/two-factor/verify")],
    [
      "cairn://app/passkeys/finish?response=abc%3D%3D",
      route("/passkeys/finish?response=abc%3D%3D"),
    ],
    ["cairn://app/gallery?collection=12#file-7", route("/gallery?collection=12#file-7")],
    ["cairn://app/gallery#file-7", route("/gallery#file-7")],
    ["cairn://app/shared-albums?x=1&y=%20z", route("/shared-albums?x=1&y=%20z")],
    ["cairn://app", route("/")],
    ["cairn://app/", route("/")],
    ["cairn://app?redirect=roadmap", route("/?redirect=roadmap")],
    // Scheme and host are matched in any case; the path is kept as written.
    ["CAIRN://APP/Gallery", route("/Gallery")],
    // Other schemes, including the window's serving origin.
    ["https://app/gallery", ignored("other-scheme")],
    ["http://example.com/cairn://app/gallery", ignored("other-scheme")],
    ["cairn-app://photos/gallery", ignored("other-scheme")],
    ["file:///etc/passwd", ignored("other-scheme")],
    ["javascript:alert(1)", ignored("other-scheme")],
    ["mailto:someone@example.org", ignored("other-scheme")],
    // Malformed.
    ["", ignored("not-a-url")],
    ["not a url", ignored("not-a-url")],
    ["/gallery", ignored("not-a-url")],
    ["cairn://app:99999/gallery", ignored("not-a-url")],
    // Other hosts, or none.
    ["cairn://evil.com/gallery", ignored("other-host")],
    ["cairn://app.evil.com/gallery", ignored("other-host")],
    ["cairn:app/gallery", ignored("other-host")],
    ["cairn:///gallery", ignored("other-host")],
    ["cairn:gallery", ignored("other-host")],
    ["cairn://user@app/gallery", ignored("credentials-or-port")],
    ["cairn://user:pass@app/gallery", ignored("credentials-or-port")],
    ["cairn://app:8080/gallery", ignored("credentials-or-port")],
    // Dot segments, plain or encoded, which the URL parser would resolve away.
    ["cairn://app/../x", ignored("dot-segment")],
    ["cairn://app/gallery/../../x", ignored("dot-segment")],
    ["cairn://app/./gallery", ignored("dot-segment")],
    ["cairn://app/%2e%2e/x", ignored("dot-segment")],
    ["cairn://app/.%2E/x", ignored("dot-segment")],
    ["cairn://app/..", ignored("dot-segment")],
    // Dots inside a segment are ordinary characters.
    ["cairn://app/a..b/.well", route("/a..b/.well")],
    // A dot segment in the query is just text.
    ["cairn://app/gallery?path=../x", route("/gallery?path=../x")],
    // Characters the parser would strip or reinterpret.
    ["cairn://app/\t/x", ignored("unsafe-characters")],
    ["cairn://app/.\n./x", ignored("unsafe-characters")],
    ["cairn://app/gallery\\..\\x", ignored("unsafe-characters")],
    ["cairn://app/gal lery", ignored("unsafe-characters")],
    [" cairn://app/gallery", ignored("unsafe-characters")],
    // A route that a router could read as another host.
    ["cairn://app//evil.com/x", ignored("not-a-path")],
  ])("%j", (link, expected) => {
    expect(routeForLink(link)).toEqual(expected);
  });

  it("never routes outside the app: every route is a single-slash path", () => {
    const links = ["cairn://app/x", "cairn://app/%2F%2Fevil.com", "cairn://app/%5C%5Cevil.com"];
    for (const link of links) {
      const answer = routeForLink(link);
      expect(answer.kind).toBe("route");
      if (answer.kind !== "route") continue;
      expect(answer.route).toMatch(/^\/(?!\/)/);
      // Read back by a browser against the app's origin, it stays there.
      expect(new URL(answer.route, "https://photos.example").origin).toBe("https://photos.example");
    }
  });
});

describe("links on a command line", () => {
  it("keeps only the arguments in the link scheme, in order", () => {
    expect(
      linksInArgv([
        "/opt/Cairn/cairn",
        "--original-process-start-time=1234",
        ".",
        "cairn://app/gallery",
        "https://example.com",
        "CAIRN://app/login",
        "/home/me/cairn://app/not-a-link",
      ]),
    ).toEqual(["cairn://app/gallery", "CAIRN://app/login"]);
  });

  it("finds none in a plain launch", () => {
    expect(linksInArgv(["/opt/Cairn/cairn", "--no-sandbox"])).toEqual([]);
  });
});

describe("registration as the handler of cairn:// links", () => {
  const resolvePath = (p: string) => `/home/me/cairn/${p === "." ? "" : p}`.replace(/\/$/, "");

  it("registers the packaged app itself", () => {
    expect(
      protocolClientRegistration({
        execPath: "/opt/Cairn/cairn",
        argv: ["/opt/Cairn/cairn"],
        resolvePath,
      }),
    ).toEqual({ scheme: "cairn" });
  });

  it("registers Electron with the checkout's folder when run as `electron .`", () => {
    expect(
      protocolClientRegistration({
        defaultApp: true,
        execPath: "/home/me/cairn/node_modules/electron/dist/electron",
        argv: ["/home/me/cairn/node_modules/electron/dist/electron", "."],
        resolvePath,
      }),
    ).toEqual({
      scheme: "cairn",
      launch: {
        executable: "/home/me/cairn/node_modules/electron/dist/electron",
        args: ["/home/me/cairn"],
      },
    });
  });
});
