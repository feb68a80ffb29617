// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLimitField } from "./use-limit-field";

const gib = 1024 ** 3;

describe("useLimitField", () => {
  it("says a limit that is not a number of GB is wrong, and takes a number or nothing", () => {
    const { result } = renderHook(() => useLimitField(""));
    act(() => {
      result.current.setText("lots");
    });
    let submitted: number | null | undefined = 0;
    act(() => {
      submitted = result.current.submittedBytes();
    });
    expect(submitted).toBeUndefined();
    expect(result.current.error).toBe("family.error.invalidLimit");

    act(() => {
      result.current.setText("2,5");
    });
    act(() => {
      submitted = result.current.submittedBytes();
    });
    expect(submitted).toBe(2.5 * gib);
    expect(result.current.error).toBeUndefined();

    act(() => {
      result.current.setText(" ");
    });
    act(() => {
      submitted = result.current.submittedBytes();
    });
    expect(submitted).toBeNull();
  });
});
