import { useId, type ReactNode } from "react";
import "./components.css";

export const ICON_NAMES = [
  "home",
  "courses",
  "profile",
  "contact",
  "logout",
  "close",
  "menu",
  "chevron-left",
  "chevron-right",
  "globe",
  "alert",
  "check",
  "info",
  "phone",
  "heart",
  "moon",
  "sun",
  "play",
  "pause",
  "plus",
  "trash",
  "edit",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** Line drawings on a 24 × 24 grid, stroked in currentColor. */
const SHAPES: Record<IconName, ReactNode> = {
  home: (
    <>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h4.5v-5.5h4V20h4.5V9.5" />
    </>
  ),
  courses: (
    <>
      <path d="M12 6.5C10 5 7 4.5 3.5 5v13.5c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5Z" />
      <path d="M12 6.5V20" />
    </>
  ),
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5" />
    </>
  ),
  contact: (
    <>
      <path d="M20.5 11.5c0 4.4-3.8 8-8.5 8-1.3 0-2.5-.3-3.6-.8L3.5 20l1.2-3.9A7.6 7.6 0 0 1 3.5 11.5c0-4.4 3.8-8 8.5-8s8.5 3.6 8.5 8Z" />
      <path d="M8.5 10h7M8.5 13.5h4.5" />
    </>
  ),
  logout: (
    <>
      <path d="M9.5 20.5H6a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2h3.5" />
      <path d="m15.5 16.5 4.5-4.5-4.5-4.5" />
      <path d="M20 12H9.5" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  menu: <path d="M4 6.5h16M4 12h16M4 17.5h16" />,
  "chevron-left": <path d="m14.5 18-6-6 6-6" />,
  "chevron-right": <path d="m9.5 6 6 6-6 6" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17" />
      <path d="M12 3.5c2.3 2.3 3.5 5.2 3.5 8.5s-1.2 6.2-3.5 8.5c-2.3-2.3-3.5-5.2-3.5-8.5S9.7 5.8 12 3.5Z" />
    </>
  ),
  alert: (
    <>
      <path d="M10.3 4.4 3 17.5a2 2 0 0 0 1.7 3h14.6a2 2 0 0 0 1.7-3L13.7 4.4a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4" />
      <path d="M12 17h.01" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5" />
      <path d="M12 7.75h.01" />
    </>
  ),
  phone: (
    <path d="M5.5 3.5h3l1.8 4.6-2.3 1.5a11 11 0 0 0 6.4 6.4l1.5-2.3 4.6 1.8v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 3.5 5.5a2 2 0 0 1 2-2Z" />
  ),
  heart: (
    <path d="M12 20s-7.5-4.4-8.8-9.6C2.4 7.1 4.4 4.5 7.5 4.5c2 0 3.5 1.1 4.5 2.8 1-1.7 2.5-2.8 4.5-2.8 3.1 0 5.1 2.6 4.3 5.9C19.5 15.6 12 20 12 20Z" />
  ),
  moon: <path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10Z" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  play: <path d="M7.5 4.8v14.4a1 1 0 0 0 1.5.9l11.2-7.2a1 1 0 0 0 0-1.8L9 3.9a1 1 0 0 0-1.5.9Z" />,
  pause: (
    <>
      <rect x="6" y="4.5" width="4" height="15" rx="1" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  trash: (
    <>
      <path d="M4 7h16" />
      <path d="M9.5 7V4.5h5V7" />
      <path d="m6 7 1 12.5a1.5 1.5 0 0 0 1.5 1.5h7a1.5 1.5 0 0 0 1.5-1.5L18 7" />
      <path d="M10 11v6M14 11v6" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19.2 8.8a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
};

export type IconProps = {
  name: IconName;
  /** An accessible name. Without it the icon is decorative and hidden from assistive technology. */
  title?: string;
  /** Width and height in px (default 24). */
  size?: number;
  className?: string;
};

/** An inline SVG icon in currentColor. Decorative unless `title` is given. */
export function Icon({ name, title, size = 24, className }: IconProps) {
  const titleId = useId();
  const classes = className ? `icon ${className}` : "icon";
  const a11y = title
    ? ({ role: "img", "aria-labelledby": titleId } as const)
    : ({ "aria-hidden": true, focusable: "false" } as const);
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...a11y}
    >
      {title ? <title id={titleId}>{title}</title> : null}
      {SHAPES[name]}
    </svg>
  );
}
