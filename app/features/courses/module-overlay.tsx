import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Icon } from "../../components/icon.tsx";
import { CrisisLink } from "../../layouts/crisis-link.tsx";
import { focusInView } from "../../lib/reveal.ts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen course-module overlay (§2): a native modal <dialog> that covers the page (the
 * page behind is inert and cannot scroll), keeps Tab and Shift+Tab inside, and closes with Escape
 * or the close button; focus then returns to the control that opened it. Its bar holds the "need
 * help now?" link (clinical.md: on every page of the logged-in area), since the page's own link is
 * behind the overlay.
 */
export function ModuleOverlay({
  labelledBy,
  onClose,
  returnTo,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  /**
   * Where focus (and the view) goes on closing: back to the control that opened the overlay, or —
   * when a part was just finished — to the course's progress (`[data-course-status]`), where the
   * next step is, however far down the page the opener was.
   */
  returnTo?: React.RefObject<"opener" | "status">;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // What the keyboard focuses is scrolled out from under the sticky bar (WCAG 2.4.11): the
  // overlay's scroll padding is the bar's height (the crisis link may wrap on a narrow screen with
  // large text); courses.css has a fallback until this runs.
  useEffect(() => {
    const dialog = ref.current;
    const element = bar.current;
    if (!dialog || !element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => dialog.style.setProperty("--module-bar-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const root = document.documentElement;
    root.classList.add("has-module-overlay");
    if (!dialog.open) dialog.showModal();
    // The dialog opens after its content mounted: focus goes to the module's heading.
    document.getElementById(labelledBy)?.focus();
    return () => {
      root.classList.remove("has-module-overlay");
      if (dialog.open) dialog.close();
      const back = opener.current;
      // The opener stays in the course page under the overlay; after a reload, find it by module.
      // When it is gone (a part finished: the pause replaced "Continue"), the course's progress.
      const toStatus = returnTo?.current === "status";
      if (returnTo) returnTo.current = "opener";
      const target = toStatus
        ? null
        : back && back.isConnected
          ? back
          : document.querySelector<HTMLElement>(`[data-opener="${back?.dataset.opener ?? ""}"]`);
      const fallback = document.querySelector<HTMLElement>("[data-course-status]");
      if (target) target.focus();
      else if (fallback) focusInView(fallback);
      else document.querySelector<HTMLElement>("main h1")?.focus();
    };
    // Opened once per visit to the overlay; the module inside may change.
  }, [labelledBy]);

  function trapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className="module-overlay"
      aria-labelledby={labelledBy}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="module-overlay__bar" ref={bar}>
        <CrisisLink />
        <button type="button" className="module-overlay__close" onClick={onClose} aria-label={t("courses.overlay.close")}>
          <Icon name="close" />
        </button>
      </div>
      <div className="module-overlay__body">{children}</div>
    </dialog>
  );
}
