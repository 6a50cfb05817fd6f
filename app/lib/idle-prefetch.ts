import { useEffect, useState } from "react";

/** Spec section 9: idle prefetch starts 1 second after the page loads. */
export const IDLE_PREFETCH_MS = 1000;

/** False on the server and until `delay` ms after the component mounted in the browser. */
export function useAfterDelay(delay = IDLE_PREFETCH_MS): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  return ready;
}
