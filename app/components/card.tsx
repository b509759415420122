import type { HTMLAttributes } from "react";
import "./components.css";

export type CardElement = "section" | "article" | "aside" | "div" | "li";
export type CardTone = "default" | "soft";

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element to render (default "section"; give a section an aria-labelledby). */
  as?: CardElement;
  /** "soft" uses the tinted accent background, for gentle highlights. */
  tone?: CardTone;
};

/** A soft rounded surface with generous padding. */
export function Card({
  as: Element = "section",
  tone = "default",
  className,
  children,
  ...rest
}: CardProps) {
  const base = tone === "soft" ? "card card--soft" : "card";
  return (
    <Element {...rest} className={className ? `${base} ${className}` : base}>
      {children}
    </Element>
  );
}
