import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { addressLine } from "~/lib/address-schema";
import { MAX_ADDRESSES } from "~/lib/address-limits";

interface Entry {
  id: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
  isDefault: boolean;
}

/** The profile's address book: each address with edit, delete and make-default (plain forms). */
export function AddressBook({ addresses }: { addresses: Entry[] }) {
  return (
    <section id="addresses" aria-labelledby="addresses-heading" className="border-t border-stone-200 pt-8">
      <h2 id="addresses-heading" className="text-lg font-semibold">
        Delivery addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          No saved addresses yet. Save one here or at checkout to choose it next time.
        </p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {addresses.map((a) => (
          <li key={a.id} aria-label={addressLine(a)} className="rounded-md border border-stone-200 p-4 text-sm">
            <p>
              {addressLine(a)}
              {a.phone ? <span className="text-stone-600"> · {a.phone}</span> : null}
            </p>
            {a.isDefault ? <p className="mt-1 font-medium text-emerald-800">Default delivery address</p> : null}
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Link to={`/profile/addresses/${a.id}`} className="underline">
                Edit
                <span className="sr-only">
                  {" "}
                  {a.name}, {a.line1}
                </span>
              </Link>
              {!a.isDefault ? (
                <Form method="post" action={`/profile/addresses/${a.id}`}>
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="make-default" />
                  <button type="submit" className="underline">
                    Make default
                    <span className="sr-only">
                      {" "}
                      ({a.name}, {a.line1})
                    </span>
                  </button>
                </Form>
              ) : null}
              <Form method="post" action={`/profile/addresses/${a.id}`}>
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className="text-red-700 underline">
                  Delete
                  <span className="sr-only">
                    {" "}
                    {a.name}, {a.line1}
                  </span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {addresses.length < MAX_ADDRESSES ? (
        <Link to="/profile/addresses/new" className="btn-secondary mt-4">
          Add an address
        </Link>
      ) : (
        <p className="mt-4 text-sm text-stone-600">Your address book is full. Delete an address to add another.</p>
      )}
    </section>
  );
}
