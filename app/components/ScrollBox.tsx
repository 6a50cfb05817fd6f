import type { ReactNode } from "react";

/**
 * A wide table on a narrow screen scrolls inside this box, not the page. The box takes the
 * keyboard's focus (named by `label`), so arrow keys scroll it where nothing inside is focusable.
 */
export function ScrollBox({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // relative: what is positioned inside (a visually hidden heading at a wide table's far end) stays
    // in the box and scrolls with it, rather than widening the page past a phone's screen.
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
