import { describe, expect, it } from "vitest";
import { prettyUserAgent } from "./user-agent";

describe("prettyUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge on Windows",
    ],
    ["curl/8.5.0", "curl/8.5.0"],
    ["", ""],
    ["x".repeat(100), `${"x".repeat(64)}…`],
  ])("%s → %s", (userAgent, expected) => {
    expect(prettyUserAgent(userAgent)).toBe(expected);
  });
});
