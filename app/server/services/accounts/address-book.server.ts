import crypto from "node:crypto";
import type { SavedAddress } from "~/domain/saved-address";
import type { Address } from "~/domain/commerce";
import type { Store } from "../../store/port";
import { MAX_ADDRESSES } from "~/lib/address-limits";

// A signed-in shopper's delivery addresses. Rules: at most MAX_ADDRESSES; the first one saved is
// the default; deleting the default makes the oldest remaining one the default.

export type AddressBookResult =
  | { ok: true; address: SavedAddress }
  | { ok: false; error: string; status: number; field?: "country" };

/** The same words as checkout's, as a saved address must be one checkout takes. */
export const NOT_DELIVERED_MESSAGE = "Choose a country we deliver to.";

const NOT_FOUND = { ok: false, error: "That address is not in your address book.", status: 404 } as const;

const clean = (a: Address): Address => ({ ...a, postalCode: a.postalCode.toUpperCase() });

/** What the address book keeps addresses in, and the rule a saved address must meet. */
export interface AddressBookDeps {
  store: Store;
  /** Whether a shipping zone holds the country (the shipping service's rule). */
  delivers: (country: string) => Promise<boolean>;
  /** When an address was saved; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createAddressBookService(deps: AddressBookDeps) {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const notDelivered = async (address: Address): Promise<AddressBookResult | null> =>
    !(await deps.delivers(address.country))
      ? { ok: false, error: NOT_DELIVERED_MESSAGE, status: 400, field: "country" }
      : null;
  return {
    list(uid: string): Promise<SavedAddress[]> {
      return store.addresses.list(uid);
    },
    get(uid: string, id: string): Promise<SavedAddress | null> {
      return store.addresses.get(uid, id);
    },
    async add(uid: string, address: Address, makeDefault = false): Promise<AddressBookResult> {
      const refused = await notDelivered(address);
      if (refused) return refused;
      const existing = await store.addresses.list(uid);
      if (existing.length >= MAX_ADDRESSES) {
        return {
          ok: false,
          error: `Your address book is full (${MAX_ADDRESSES} addresses). Delete one to add another.`,
          status: 409,
        };
      }
      const saved: SavedAddress = {
        ...clean(address),
        id: crypto.randomUUID(),
        isDefault: makeDefault || existing.length === 0,
        createdAt: now(),
      };
      await store.addresses.save(uid, saved);
      return { ok: true, address: saved };
    },
    async update(uid: string, id: string, address: Address, makeDefault = false): Promise<AddressBookResult> {
      const current = await store.addresses.get(uid, id);
      if (!current) return NOT_FOUND;
      const refused = await notDelivered(address);
      if (refused) return refused;
      const saved: SavedAddress = {
        ...clean(address),
        id,
        isDefault: current.isDefault || makeDefault,
        createdAt: current.createdAt,
      };
      await store.addresses.save(uid, saved);
      return { ok: true, address: saved };
    },
    async makeDefault(uid: string, id: string): Promise<AddressBookResult> {
      if (!(await store.addresses.setDefault(uid, id))) return NOT_FOUND;
      return { ok: true, address: (await store.addresses.get(uid, id))! };
    },
    async remove(uid: string, id: string): Promise<AddressBookResult> {
      const current = await store.addresses.get(uid, id);
      if (!current || !(await store.addresses.delete(uid, id))) return NOT_FOUND;
      if (current.isDefault) {
        const [next] = await store.addresses.list(uid);
        if (next) await store.addresses.setDefault(uid, next.id);
      }
      return { ok: true, address: current };
    },
  };
}

export type AddressBookService = ReturnType<typeof createAddressBookService>;
