import type { CSSProperties } from "react";
import { brandHiddenOn } from "./brand-contrast";
import { issuerIcon } from "./issuer-icons";
import "./IssuerIcon.css";

export interface IssuerIconProps {
  /** The code's issuer, as its `otpauth://` URI gives it. */
  issuer: string;
  /** The code's account: its initials stand in when the issuer is empty. */
  account?: string;
  /** Width and height of the icon. */
  sizePx?: number;
}

/** The issuer's colours and size, as the custom properties IssuerIcon.css reads. */
type IconStyle = CSSProperties & Record<`--cairn-issuer-icon-${string}`, string>;

/**
 * The icon beside a code: the service's brand icon on a neutral rounded
 * square, or its initials in a coloured circle. Decorative: the issuer's
 * name is written next to it.
 */
export function IssuerIcon({ issuer, account = "", sizePx = 40 }: IssuerIconProps) {
  const icon = issuerIcon(issuer, account);
  if (icon.kind === "brand") {
    const classes = [
      "cairn-issuer-icon",
      "cairn-issuer-icon--brand",
      // See: [Note: A brand colour too close to the theme's background is drawn in the text colour]
      brandHiddenOn(icon.hex, "dark") && "cairn-issuer-icon--text-fill-on-dark",
      brandHiddenOn(icon.hex, "light") && "cairn-issuer-icon--text-fill-on-light",
    ];
    const style: IconStyle = {
      "--cairn-issuer-icon-size": `${sizePx}px`,
      "--cairn-issuer-icon-brand": `#${icon.hex}`,
    };
    return (
      <span
        className={classes.filter(Boolean).join(" ")}
        style={style}
        data-issuer-brand={icon.title}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" role="img" aria-hidden="true" focusable="false">
          <path className="cairn-issuer-icon__path" d={icon.svgPath} />
        </svg>
      </span>
    );
  }
  const style: IconStyle = {
    "--cairn-issuer-icon-size": `${sizePx}px`,
    "--cairn-issuer-icon-hue": String(icon.hue),
  };
  return (
    <span
      className="cairn-issuer-icon cairn-issuer-icon--initials"
      style={style}
      aria-hidden="true"
    >
      {icon.initials}
    </span>
  );
}
