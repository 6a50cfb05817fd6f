import { Form, Link, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { CATEGORIES, POPULAR_CATEGORY_COUNT, categoryImage } from "~/lib/categories";
import type { ErrorDetails } from "~/lib/error-details";
import { referenceAttribute, useRequestReference } from "~/lib/request-reference";

// The error page: the status as its heading, what went wrong, and ways on into the shop.

export function ErrorPage({ details, supportEmail }: { details: ErrorDetails; supportEmail: string }) {
  const popular = CATEGORIES.slice(0, POPULAR_CATEGORY_COUNT);
  const navigate = useNavigate();
  const reference = useRequestReference();
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
      {reference ? (
        <p className="mt-2 text-sm text-stone-600" {...referenceAttribute(reference)}>
          Reference: <code className="break-all font-mono">{reference}</code>
        </p>
      ) : null}

      <Form
        method="get"
        action="/products"
        role="search"
        aria-label="Search from this page"
        onSubmit={submitTrimmed}
        className="mx-auto mt-8 flex max-w-md gap-2"
      >
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
        <a
          href={`mailto:${supportEmail}${reference ? `?subject=${encodeURIComponent(`Reference ${reference}`)}` : ""}`}
          className="font-medium underline"
        >
          Contact support
        </a>
      </p>
    </div>
  );
}
