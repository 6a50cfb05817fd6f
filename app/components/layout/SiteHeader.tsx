import { Form, Link, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CATEGORIES } from "~/lib/categories";

interface HeaderUser {
  email: string | null;
  isAdmin: boolean;
}

export function SiteHeader({
  shopName,
  cartCount,
  user,
}: {
  shopName: string;
  cartCount: number;
  user: HeaderUser | null;
}) {
  const [params] = useSearchParams();
  const currentSearch = params.get("search") ?? "";
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-4 sm:px-6">
        <Link to="/" className="font-serif text-2xl font-bold tracking-tight text-stone-900">
          {shopName}
        </Link>
        <Form
          method="get"
          action="/products"
          role="search"
          aria-label="Site search"
          className="order-last flex w-full gap-2 sm:order-none sm:ml-6 sm:w-auto sm:flex-1"
        >
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            name="search"
            type="search"
            defaultValue={currentSearch}
            key={currentSearch}
            maxLength={200}
            placeholder="Search jeans, dresses, colours…"
            className="input max-w-md"
          />
          <button type="submit" className="btn-secondary px-3">
            Search
          </button>
        </Form>
        {/* On a phone the links wrap onto a second line rather than push the cart off the screen. */}
        <nav
          aria-label="Account"
          className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-4 gap-y-2 text-sm font-medium"
        >
          {user ? (
            <>
              {user.isAdmin ? (
                <Link to="/admin" className="hover:underline">
                  Admin
                </Link>
              ) : null}
              <Link to="/orders" className="hover:underline">
                Orders
              </Link>
              <Link
                to="/profile"
                className="max-w-[9rem] truncate hover:underline sm:max-w-[14rem]"
                title="Your profile"
              >
                {user.email ?? "Your profile"}
              </Link>
              <Form method="post" action="/auth/logout">
                <AuthenticityTokenInput />
                <button type="submit" className="hover:underline">
                  Sign out
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/auth/login" className="hover:underline">
                Sign in
              </Link>
              <Link to="/auth/register" className="hover:underline">
                Register
              </Link>
            </>
          )}
          <Link to="/wishlist" className="hover:underline">
            Saved
          </Link>
          <Link to="/cart" className="rounded-md border border-stone-300 px-3 py-1.5 hover:bg-stone-50">
            {/* aria-label does not name a plain <span>: the count is read from hidden text instead. */}
            Cart <span aria-hidden="true">({cartCount})</span>
            <span className="sr-only">{cartCount === 1 ? ", 1 item" : `, ${cartCount} items`}</span>
          </Link>
        </nav>
      </div>
      <nav aria-label="Categories" className="border-t border-stone-100">
        {/* Every category in sight, wrapping on a phone: nothing hidden past the edge of the screen. */}
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-3 text-sm sm:px-6">
          {CATEGORIES.map((c) => (
            <li key={c.id} className="shrink-0">
              <Link to={`/products?category=${c.slug}`} className="text-stone-700 hover:text-stone-950 hover:underline">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
