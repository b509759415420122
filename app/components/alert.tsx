import type { HTMLAttributes, ReactNode } from "react";
import { Icon, type IconName } from "./icon.tsx";
import "./components.css";

export type NoticeTone = "info" | "success" | "warning" | "danger";

const TONE_ICONS: Record<NoticeTone, IconName> = {
  info: "info",
  success: "check",
  warning: "alert",
  danger: "alert",
};

export type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, "title" | "role"> & {
  /** Default "info". Keep "danger" for real errors, never for a person's answers or scores. */
  tone?: NoticeTone;
  /** A short bold first line. */
  title?: ReactNode;
  /**
   * Chosen by the caller: "status" for a polite update, "alert" for an error that needs attention
   * now, or none for static content. A live region must be in the page before its text changes.
   */
  role?: "status" | "alert" | "note";
  /** Replace the tone's icon. */
  icon?: IconName;
};

/** A calm message box with an icon. */
export function Notice({
  tone = "info",
  title,
  role,
  icon,
  className,
  children,
  ...rest
}: NoticeProps) {
  const base = `notice notice--${tone}`;
  return (
    <div {...rest} role={role} className={className ? `${base} ${className}` : base}>
      <Icon name={icon ?? TONE_ICONS[tone]} className="notice__icon" />
      <div className="notice__body">
        {title ? <p className="notice__title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
