// @vitest-environment happy-dom
// Indexing's progress says what a person needs: how far it is, that it
// waits while an upload runs, or that it is off on this device.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { IndexingProgress } from "./IndexingProgress";

afterEach(cleanup);

const status = (overrides: Partial<MLStatus>): MLStatus => ({
  enabled: true,
  phase: "running",
  pending: 30,
  indexed: 70,
  pausedForUpload: false,
  ...overrides,
});

const shown = (placement: "sidebar" | "settings", of: MLStatus) => {
  render(
    <AppProviders>
      <IndexingProgress status={of} placement={placement} />
    </AppProviders>,
  );
  return screen.getByTestId(`indexing-${placement}`).textContent;
};

it("shows how many photos are indexed", () => {
  expect(shown("settings", status({}))).toBe("70 of 100 photos indexed");
});

it("says indexing waits while an upload runs", () => {
  expect(shown("sidebar", status({ pausedForUpload: true, phase: "not-scheduled" }))).toBe(
    "Indexing waits for the upload… 70 of 100",
  );
});

it("says when indexing is off on this device", () => {
  expect(shown("settings", status({ enabled: false }))).toContain("Indexing is off");
});
