import { createContext, useContext, useEffect, type RefObject } from "react";

// A form that comes back with errors says so first in the page's <title> ("Error: Sign in |
// Hemline"): the first thing a screen reader reads of a page that came back. <head> is rendered
// before the errors are, so on the server the errors raise this flag while the shell renders and
// entry.server rewrites the title of a page answering a submission; in the browser an effect does it.

export const ERROR_TITLE_PREFIX = "Error: ";

/** Set by entry.server for each document it renders; absent in the browser. */
export const ErrorTitleSignal = createContext<{ raised: boolean } | null>(null);

/** Call while rendering a form's errors (`element` is inside the form); `active` false does nothing. */
export function useErrorTitle(active: boolean, element: RefObject<HTMLElement>) {
  const signal = useContext(ErrorTitleSignal);
  if (active && signal) signal.raised = true;
  useEffect(() => {
    if (!active || !element.current?.closest("form")) return;
    if (!document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = ERROR_TITLE_PREFIX + document.title;
    return () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX))
        document.title = document.title.slice(ERROR_TITLE_PREFIX.length);
    };
  }, [active, element]);
}
