import { useEffect, useState } from "react";
import { addressLine } from "~/lib/address-schema";
import { MAX_ADDRESSES } from "~/lib/address-limits";

interface Choice {
  id: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

/**
 * Whether the new-address fields show. Without JavaScript they always do (the radio says which
 * address counts); with it they show only while "A new address" is chosen.
 */
export function useNewAddressShown(addresses: Choice[]): [boolean, (id: string) => void] {
  const [hydrated, setHydrated] = useState(false);
  const [choice, setChoice] = useState(addresses[0]?.id ?? "new");
  useEffect(() => setHydrated(true), []);
  return [!hydrated || choice === "new", setChoice];
}

/** A signed-in shopper's saved addresses as a radio list, the default chosen, and "a new address". */
export function SavedAddressChoice({ addresses, onChoice }: { addresses: Choice[]; onChoice: (id: string) => void }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">Deliver to</legend>
      <div className="mt-3 space-y-2" onChange={(e) => onChoice((e.target as HTMLInputElement).value)}>
        {addresses.map((a, i) => (
          <label
            key={a.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-300 px-4 py-3 text-sm has-[:checked]:border-stone-900"
          >
            <input type="radio" name="savedAddress" value={a.id} defaultChecked={i === 0} className="mt-1" />
            <span>
              {addressLine(a)}
              {a.isDefault ? <span className="text-stone-600"> (default)</span> : null}
            </span>
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 px-4 py-3 text-sm has-[:checked]:border-stone-900">
          <input type="radio" name="savedAddress" value="new" />A new address (below)
        </label>
      </div>
    </fieldset>
  );
}

/** For a signed-in shopper typing an address: keep it for next time. */
export function SaveAddressBox({ full = false }: { full?: boolean }) {
  if (full) return <p className="text-sm text-stone-600">Your address book is full ({MAX_ADDRESSES} addresses).</p>;
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name="saveAddress" />
      Save this address to my address book
    </label>
  );
}
