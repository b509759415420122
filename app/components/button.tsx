import type { ComponentPropsWithRef } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import "./components.css";

export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger";
export type ButtonSize = "md" | "lg";

/**
 * The classes of a button, so that a link (or a router <Link>) can look like one:
 * `<Link className={buttonClassName("secondary")} to="/kurser">…</Link>`.
 * Use "primary" for the one main action of a screen.
 */
export function buttonClassName(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
): string {
  return `button button--${variant} button--${size}`;
}

export type ButtonProps = ComponentPropsWithRef<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work is in progress: sets aria-busy and disables the button. */
  busy?: boolean;
};

/**
 * A native button, at least 44 × 44 px, `type="button"` unless told otherwise. A submit button is
 * disabled until the page is hydrated (see useHydrated): nothing is ever submitted natively.
 */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  type = "button",
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  const classes = className
    ? `${buttonClassName(variant, size)} ${className}`
    : buttonClassName(variant, size);
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy || (type === "submit" && !hydrated)}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
