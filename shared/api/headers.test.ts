import { describe, expect, it } from "vitest";
import { appForClientPackage } from "./headers";

describe("appForClientPackage", () => {
  it.each([
    [undefined, "photos"],
    ["", "photos"],
    ["io.cairn.photos.web", "photos"],
    ["io.cairn.photos.desktop", "photos"],
    ["io.cairn.accounts.web", "photos"],
    ["io.cairn.auth.web", "auth"],
    ["io.ente.auth", "auth"],
    ["io.ente.auth.web", "auth"],
    ["io.ente.photos.web", "photos"],
    ["io.ente.albums.web", "photos"],
    ["io.ente.locker", "locker"],
    ["something.else", "photos"],
  ])("%j → %s", (clientPackage, app) => {
    expect(appForClientPackage(clientPackage)).toBe(app);
  });
});
