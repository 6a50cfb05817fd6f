import { isRouteErrorResponse } from "@remix-run/react";

// What an error page says: its heading is the status code (404 when there is none), its title and message follow the code.

export interface ErrorDetails {
  status: number;
  title: string;
  message: string;
}

const DEFAULT_STATUS = 404;

const BY_STATUS: Record<number, { title: string; message: string }> = {
  404: {
    title: "Page Not Found",
    message: "The page you are looking for could not be found. It may have been moved or deleted.",
  },
  500: {
    title: "Server Error",
    message: "We are experiencing technical difficulties. Our team has been notified and is working on it.",
  },
  403: {
    title: "Access Forbidden",
    message: "You do not have permission to view this page. Check your credentials or contact support.",
  },
  401: {
    title: "Unauthorized",
    message: "You need to be logged in to view this page. Please sign in.",
  },
};

const OTHER = {
  title: "Something Went Wrong",
  message: "An unexpected error occurred. Please try again or contact support.",
};

export function detailsForStatus(status: number, message?: string): ErrorDetails {
  const known = BY_STATUS[status] ?? OTHER;
  return { status, title: known.title, message: message || known.message };
}

/**
 * Remix marks the error responses it makes itself `internal`; single fetch drops that mark on the
 * way to the browser, so after hydration they are known by their text, a stringified Error
 * ("Error: You made a POST request to …"). The shop's own messages never take that form.
 */
function madeByRemix(error: { data: unknown }): boolean {
  return (
    (error as { internal?: unknown }).internal === true ||
    (typeof error.data === "string" && error.data.startsWith("Error: "))
  );
}

/** Turn whatever a route threw into what the page shows. Internals of real errors never reach the page. */
export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    // A route that throws data("Page Not Found: /x", 404) gets that exact message.
    // Responses Remix makes itself (a method the route does not take, a malformed request) carry
    // its developer text ("You made a POST request to …"): those get the status's own message.
    const message =
      typeof error.data === "string" && error.data.length <= 300 && !madeByRemix(error) ? error.data : undefined;
    return detailsForStatus(error.status || DEFAULT_STATUS, message);
  }
  if (error instanceof Error) return detailsForStatus(500);
  return detailsForStatus(DEFAULT_STATUS);
}
