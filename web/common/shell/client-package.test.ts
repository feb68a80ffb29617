import { describe, expect, it } from "vitest";
import { photosClientPackage } from "./client-package";

describe("the photos app's client package", () => {
  it("is the desktop app's inside the desktop shell, and the web app's elsewhere", () => {
    expect(photosClientPackage({ clientPackage: "io.cairn.photos.desktop" })).toBe(
      "io.cairn.photos.desktop",
    );
    expect(photosClientPackage(undefined)).toBe("io.cairn.photos.web");
  });
});
