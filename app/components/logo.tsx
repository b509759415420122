import "./components.css";

export type LogoProps = {
  /** Width of the mark in px (default 80); the mark is half as tall as it is wide. */
  width?: number;
  /** The accessible name, e.g. the product name. Pass "" when a visible text already names it. */
  label: string;
  /** Optional visible word mark beside the mark. */
  wordmark?: string;
  className?: string;
};

/**
 * Two soft leaves growing from one point (a sprout) in currentColor: a calm, abstract mark.
 * Inside a link, the link's accessible name is `label`.
 */
export function Logo({ width = 80, label, wordmark, className }: LogoProps) {
  const classes = className ? `logo ${className}` : "logo";
  return (
    <span className={classes}>
      <svg
        className="logo__mark"
        width={width}
        height={width / 2}
        viewBox="0 0 64 32"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M31 29.5C27 20 19 10.5 7 8.5c0 10 9 19 24 21Z" opacity="0.5" />
        <path d="M31 29.5C33 17 44 6 58 4.5c1 13-11 24-27 25Z" opacity="0.9" />
      </svg>
      {wordmark ? (
        <span className="logo__wordmark" aria-hidden={label ? true : undefined}>
          {wordmark}
        </span>
      ) : null}
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
