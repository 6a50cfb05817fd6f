import type { Order } from "~/domain/commerce";
import type { Store } from "../../store/port";
import type { Profile, Role } from "~/domain/profile";
import { customerTotals, type CustomerTotals } from "../analytics/customers.server";

// The back office's users: profiles with what each has ordered and spent.

export const ADMIN_USERS_PAGE_SIZE = 20;
const USER_ORDERS_PAGE_SIZE = 10;
/** Enough for any real customer's history; spend is added up over at most this many orders. */
const TOTALS_LIMIT = 1000;

export interface AdminUserRow {
  profile: Profile;
  totals: CustomerTotals;
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** What the back office's user list reads: profiles and their orders in the store. */
export interface AdminUsersDeps {
  store: Store;
}

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { store } = deps;
  async function totalsOf(uid: string): Promise<CustomerTotals> {
    const { orders } = await store.orders.list({ userId: uid, limit: TOTALS_LIMIT, offset: 0 });
    return customerTotals(orders);
  }

  return {
    async list(filter: { query: string; role: Role | null; page: number }) {
      const { profiles, total } = await store.profiles.list({
        ...(filter.query ? { emailPrefix: filter.query } : {}),
        ...(filter.role ? { role: filter.role } : {}),
        limit: ADMIN_USERS_PAGE_SIZE,
        offset: (filter.page - 1) * ADMIN_USERS_PAGE_SIZE,
      });
      const users: AdminUserRow[] = await Promise.all(
        profiles.map(async (profile) => ({ profile, totals: await totalsOf(profile.uid) })),
      );
      return { users, total, page: filter.page, pageCount: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)) };
    },

    /** One user with totals and a page of their orders, newest first; null when there is no such profile. */
    async get(
      uid: string,
      page: number,
    ): Promise<{ profile: Profile; totals: CustomerTotals; orders: Order[]; page: number; pageCount: number } | null> {
      const profile = await store.profiles.get(uid);
      if (!profile) return null;
      const [totals, list] = await Promise.all([
        totalsOf(uid),
        store.orders.list({ userId: uid, limit: USER_ORDERS_PAGE_SIZE, offset: (page - 1) * USER_ORDERS_PAGE_SIZE }),
      ]);
      return {
        profile,
        totals,
        orders: list.orders,
        page,
        pageCount: Math.max(1, Math.ceil(list.total / USER_ORDERS_PAGE_SIZE)),
      };
    },
  };
}
