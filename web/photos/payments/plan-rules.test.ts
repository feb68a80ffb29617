import { describe, expect, it } from "vitest";
import { hasGrantedPlan, returnURL } from "./plan-rules";

const photos = "https://photos.example.org";

describe("the payments page's way back", () => {
  it.each([
    [`${photos}/gallery`, false, `${photos}/gallery`],
    [`${photos}/gallery`, true, `${photos}/gallery?status=success`],
    [`${photos}/gallery?album=4`, true, `${photos}/gallery?album=4&status=success`],
    ["https://evil.example.com/gallery", true, `${photos}/gallery?status=success`],
    ["javascript:alert(1)", false, `${photos}/gallery`],
    [null, false, `${photos}/gallery`],
    ["not a url", false, `${photos}/gallery`],
  ])("from %s (plan granted: %s) goes to %s", (redirect, granted, expected) => {
    expect(returnURL(redirect, photos, granted)).toBe(expected);
  });

  it("counts every plan but the free one as granted", () => {
    expect(hasGrantedPlan("free")).toBe(false);
    expect(hasGrantedPlan("")).toBe(false);
    expect(hasGrantedPlan("family-200gb")).toBe(true);
  });
});
