import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

// With JavaScript, moving to another page swaps the content without a page load, and a screen
// reader hears nothing. After each move to another page (not a new query on the same page: a
// filter ticked on a listing keeps its focus), the new page's title is read from a polite live
// region and the focus goes to its main heading, where a page load would have started reading.

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // After the new page's <title> is in place (Remix updates it in the same commit).
    const frame = requestAnimationFrame(() => {
      setMessage(document.title);
      const heading = document.querySelector<HTMLElement>("#main h1");
      if (heading && !heading.contains(document.activeElement)) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer="">
      {message}
    </div>
  );
}
