import type { ButtonHTMLAttributes } from "react";
import "./Button.css";

/** Spec §2: buttons come in the variants critical, accent and secondary. */
export type ButtonVariant = "accent" | "critical" | "secondary";

export interface ButtonLook {
  variant: ButtonVariant;
  fullWidth?: boolean;
  size?: "medium" | "large";
}

/** The classes of a button's look; links styled as buttons use them too. */
export const buttonClassName = ({ variant, fullWidth = false, size = "medium" }: ButtonLook) =>
  [
    "cairn-button",
    `cairn-button--${variant}`,
    `cairn-button--${size}`,
    fullWidth ? "cairn-button--full-width" : "",
  ]
    .filter(Boolean)
    .join(" ");

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Shows a spinner and ignores clicks while the button's action runs. */
  busy?: boolean;
}

export function Button({
  variant,
  fullWidth,
  size,
  busy = false,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={[buttonClassName({ variant, fullWidth, size }), className].join(" ").trim()}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="cairn-button__spinner" aria-hidden="true" />}
      <span className="cairn-button__label">{children}</span>
    </button>
  );
}
