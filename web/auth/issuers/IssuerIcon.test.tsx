// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { issuerHue } from "./issuer-initials";
import { IssuerIcon } from "./IssuerIcon";

afterEach(cleanup);

const iconOf = (container: HTMLElement) => {
  const icon = container.querySelector<HTMLElement>(".cairn-issuer-icon");
  if (icon === null) throw new Error("no icon rendered");
  return icon;
};

describe("IssuerIcon", () => {
  it("draws a known issuer's brand icon in its brand colour", () => {
    const { container } = render(<IssuerIcon issuer="GitLab" sizePx={32} />);
    const icon = iconOf(container);
    expect(icon.dataset.issuerBrand).toBe("GitLab");
    expect(icon.style.getPropertyValue("--cairn-issuer-icon-brand")).toBe("#FC6D26");
    expect(icon.style.getPropertyValue("--cairn-issuer-icon-size")).toBe("32px");
    const svg = icon.querySelector("svg");
    expect(svg?.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.querySelector("path")?.getAttribute("d")).toMatch(/^[Mm]/);
    expect(icon.textContent).toBe("");
  });

  // See: [Note: A brand colour too close to the theme's background is drawn in the text colour]
  it("marks a near-black brand to be drawn in the text colour on the dark theme only", () => {
    const icon = iconOf(render(<IssuerIcon issuer="github.com" />).container);
    expect(icon.classList.contains("cairn-issuer-icon--text-fill-on-dark")).toBe(true);
    expect(icon.classList.contains("cairn-issuer-icon--text-fill-on-light")).toBe(false);
  });

  it("marks a pale brand to be drawn in the text colour on the light theme only", () => {
    const icon = iconOf(render(<IssuerIcon issuer="Mailchimp" />).container);
    expect(icon.classList.contains("cairn-issuer-icon--text-fill-on-light")).toBe(true);
    expect(icon.classList.contains("cairn-issuer-icon--text-fill-on-dark")).toBe(false);
  });

  it("shows an unknown issuer's initials on its own hue", () => {
    const icon = iconOf(render(<IssuerIcon issuer="Acme Corp" />).container);
    expect(icon.textContent).toBe("AC");
    expect(icon.querySelector("svg")).toBeNull();
    expect(icon.style.getPropertyValue("--cairn-issuer-icon-hue")).toBe(
      String(issuerHue("Acme Corp")),
    );
    expect(icon.style.getPropertyValue("--cairn-issuer-icon-size")).toBe("40px");
  });

  it("shows the account's initials when the issuer is empty", () => {
    const icon = iconOf(render(<IssuerIcon issuer="" account="李雷" />).container);
    expect(icon.textContent).toBe("李");
  });

  it("is hidden from assistive technology (the issuer's name is written beside it)", () => {
    const { container } = render(<IssuerIcon issuer="Acme" />);
    expect(iconOf(container).getAttribute("aria-hidden")).toBe("true");
  });
});
