import { describe, expect, it } from "vitest";
import { linkOriginAllowed } from "./link-origin";

describe("which pages may call a link's API", () => {
  it.each([
    [undefined, true],
    ["", true],
    ["https://photos.example.org", true],
    ["http://localhost:3000", true],
    ["http://localhost", true],
    ["https://evil.example.com", false],
    ["https://photos.example.org.evil.example.com", false],
    ["http://photos.example.org", false],
    ["http://localhost.evil.example.com", false],
    ["null", false],
  ])("Origin %s: %s", (origin, allowed) => {
    expect(linkOriginAllowed(origin, "https://photos.example.org/")).toBe(allowed);
  });
});
