import { describe, expect, it } from "vitest";
import { groupedCode, isEndingSoon, secondsLeft, showsNextCode } from "./code-display";

describe("a code as it reads", () => {
  it("groups digits in two, and leaves Steam's letters", () => {
    expect(groupedCode("123456")).toBe("123 456");
    expect(groupedCode("12345678")).toBe("1234 5678");
    expect(groupedCode("1234567")).toBe("123 4567");
    expect(groupedCode("2BQ4K")).toBe("2BQ4K");
  });

  it("counts the seconds left down to 1", () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 20_001)).toBe(10);
    expect(secondsLeft(30_000, 29_999)).toBe(1);
    expect(secondsLeft(30_000, 30_500)).toBe(1);
  });

  it("shows the next code in a period's last third, between 5 and 10 seconds", () => {
    expect(showsNextCode(30, 11)).toBe(false);
    expect(showsNextCode(30, 10)).toBe(true);
    expect(showsNextCode(60, 11)).toBe(false);
    expect(showsNextCode(10, 5)).toBe(true);
    expect(showsNextCode(10, 6)).toBe(false);
    expect(isEndingSoon(5)).toBe(true);
    expect(isEndingSoon(6)).toBe(false);
  });
});
