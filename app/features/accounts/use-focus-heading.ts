import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side move to a screen (from a dialog or a form), focus goes to its heading so
 * that keyboard and screen reader users start at the top of the new content. A first page load
 * leaves focus alone.
 */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key === "default") return;
    // After the dialog layer has closed and handed focus back.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [key]);
  return ref;
}
