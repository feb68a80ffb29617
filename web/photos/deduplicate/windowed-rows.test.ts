import { describe, expect, it } from "vitest";
import { rowWindow } from "./windowed-rows";

describe("the rows drawn", () => {
  it.each([
    ["the top of a long list", 10_000, 0, 900, { start: 0, end: 8 }],
    [
      "the middle: the visible rows and three either side",
      10_000,
      20_000,
      900,
      { start: 97, end: 108 },
    ],
    ["a list shorter than the screen: all of it", 4, 0, 900, { start: 0, end: 4 }],
    ["scrolled past the end (a list that shrank)", 10, 50_000, 900, { start: 10, end: 10 }],
    ["nothing measured yet: the first rows", 100, 0, 0, { start: 0, end: 3 }],
  ])("%s", (_case, count, scrollTop, height, expected) => {
    expect(rowWindow(count, 200, scrollTop, height)).toEqual(expected);
  });
});
