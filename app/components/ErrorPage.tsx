import { Form, Link, isRouteErrorResponse, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { CATEGORIES, POPULAR_CATEGORY_COUNT, categoryImage } from "~/lib/categories";

// The error page: its heading is the status code (404 when there is none), its title and message follow the code.

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
  return (error as { internal?: unknown }).internal === true || (typeof error.data === "string" && error.data.startsWith("Error: "));
}

/** Turn whatever a route threw into what the page shows. Internals of real errors never reach the page. */
export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    // A route that throws data("Page Not Found: /x", 404) gets that exact message.
    // Responses Remix makes itself (a method the route does not take, a malformed request) carry
    // its developer text ("You made a POST request to …"): those get the status's own message.
    const message = typeof error.data === "string" && error.data.length <= 300 && !madeByRemix(error) ? error.data : undefined;
    return detailsForStatus(error.status || DEFAULT_STATUS, message);
  }
  if (error instanceof Error) return detailsForStatus(500);
  return detailsForStatus(DEFAULT_STATUS);
}

export function ErrorPage({ details, supportEmail }: { details: ErrorDetails; supportEmail: string }) {
  const popular = CATEGORIES.slice(0, POPULAR_CATEGORY_COUNT);
  const navigate = useNavigate();
  // With JS: send the trimmed text (without JS the /products loader trims it the same way).
  function submitTrimmed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    if (text) navigate(`/products?search=${encodeURIComponent(text)}`);
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:py-24">
      <h1 className="text-7xl font-bold tracking-tight text-stone-900">{details.status}</h1>
      <h2 className="mt-4 text-2xl font-semibold text-stone-900">{details.title}</h2>
      <p className="mt-3 text-stone-600">{details.message}</p>

      <Form method="get" action="/products" role="search" aria-label="Search from this page" onSubmit={submitTrimmed} className="mx-auto mt-8 flex max-w-md gap-2">
        <label htmlFor="error-search" className="sr-only">
          Search products
        </label>
        {/* required + a non-blank pattern: the browser itself refuses an empty or blank search, without JS too. */}
        <input
          id="error-search"
          name="search"
          type="search"
          required
          pattern=".*\S.*"
          title="Type what you are looking for"
          maxLength={200}
          placeholder="Search for products…"
          className="input"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>

      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go Home
        </Link>
        <Link to="/products" className="btn-secondary">
          Browse Products
        </Link>
      </div>

      <section aria-labelledby="popular-categories" className="mt-12">
        <h3 id="popular-categories" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
          Popular Categories
        </h3>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {popular.map((c) => (
            <li key={c.id}>
              <Link
                to={`/products?category=${c.slug}`}
                className="flex flex-col items-center rounded-lg border border-stone-200 p-4 hover:border-stone-400"
              >
                <img src={categoryImage(c.id)} alt="" width={64} height={80} className="aspect-[4/5] h-20 w-auto" />
                <span className="mt-1 text-sm font-medium">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-10 text-sm text-stone-600">
        Need help?{" "}
        <a href={`mailto:${supportEmail}`} className="font-medium underline">
          Contact support
        </a>
      </p>
    </div>
  );
}
