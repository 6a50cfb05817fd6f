import { isCurrencyCode, type CurrencyCode } from "~/domain/money";
import { uniqueSlug } from "~/lib/slug";
import { changeStampOf, keptList } from "../kept-list.server";
import {
  baseMarket,
  defaultMarket,
  marketForCountry,
  marketProblems,
  type Market,
  type Rounding,
} from "~/domain/market";
import { SHIPPING_COUNTRIES } from "~/lib/countries";
import { isCountryCode, worldCountry } from "~/lib/world-countries";
import type { Store } from "../../store/port";
import type { AuditRecord } from "../audit/audit.server";

// The one place markets are read and changed: the shopper's market and currency on every page, the
// order's market at checkout and the back office's list all ask this service. A store without any
// market (a shop mid-start, a test's empty store) sells in euros at the base prices to everyone, as
// the shop always did; the first market saved in the back office writes that one down first.

export interface MarketInput {
  id: string | null;
  name: string;
  countries: string[];
  currency: string;
  rateMicros: number;
  rounding: Rounding;
  isDefault: boolean;
}

export type MarketEditResult =
  | { kind: "saved"; market: Market }
  | { kind: "invalid"; problems: string[] }
  | { kind: "not-found" };

export type MarketRemoveResult = { kind: "removed" } | { kind: "not-found" } | { kind: "refused"; message: string };

export type MarketsService = ReturnType<typeof createMarketsService>;

export function createMarketsService(deps: {
  store: Pick<Store, "markets" | "changeStamp">;
  audit?: (record: AuditRecord) => Promise<unknown>;
  now?: () => Date;
  /**
   * How long a read of the markets serves the pages (every page states prices in the shopper's
   * currency): 0 reads every time. On Firestore the catalogue's sync interval, so a page costs no
   * read; an order is always priced from a fresh read, and this instance's edits show at once.
   */
  cacheMs?: number;
}) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const fallback = () =>
    baseMarket(
      SHIPPING_COUNTRIES.map((c) => c.code),
      "1970-01-01T00:00:00.000Z",
    );
  const list = keptList<Market>({
    list: () => store.markets.list(),
    save: (row) => store.markets.save(row),
    fallback,
    cacheMs: deps.cacheMs ?? 0,
    changeStamp: changeStampOf(store),
    now,
  });
  const markets = list.read;
  const materialise = list.materialise;

  return {
    markets,

    async market(id: string, options: { fresh?: boolean } = {}): Promise<Market | null> {
      return (await markets(options)).find((m) => m.id === id) ?? null;
    },

    /** The shop's default market: what a shopper who has not chosen sees. */
    async defaultMarket(options: { fresh?: boolean } = {}): Promise<Market> {
      return defaultMarket(await markets(options)) ?? fallback();
    },

    /** The shopper's market: the one they chose (`id`, from their cookie) while it exists, else the default. */
    async shopperMarket(id: string | null, options: { fresh?: boolean } = {}): Promise<Market> {
      const all = await markets(options);
      return (id ? all.find((m) => m.id === id) : undefined) ?? defaultMarket(all) ?? fallback();
    },

    /** The markets a shopper may choose from in the footer, in the back office's order. */
    async choices(): Promise<Array<Pick<Market, "id" | "name" | "currency">>> {
      return (await markets()).map(({ id, name, currency }) => ({ id, name, currency }));
    },

    /** The market an order delivered to `country` is priced in: the one holding it, else the default. */
    async marketForCountry(country: string, options: { fresh?: boolean } = {}): Promise<Market> {
      return marketForCountry(await markets(options), country) ?? fallback();
    },

    /**
     * Add (no id yet) or replace a market from the back office. Nothing is written when it is
     * invalid, another market holds one of its countries, or it would leave the shop without a
     * default (all checked atomically by the store).
     */
    async save(input: MarketInput, actor: string): Promise<MarketEditResult> {
      const countries = input.countries.map((c) => c.toUpperCase());
      const unknown = countries.find((c) => !isCountryCode(c));
      const problems = [
        ...marketProblems({ ...input, currency: input.currency as CurrencyCode, countries }),
        ...(unknown ? [`${unknown} is not a country code we know.`] : []),
      ];
      if (problems.length > 0 || !isCurrencyCode(input.currency)) return { kind: "invalid", problems };
      await materialise();
      const before = input.id ? await store.markets.get(input.id) : null;
      if (input.id && !before) return { kind: "not-found" };
      const existing = await store.markets.list();
      const market: Market = {
        id: before?.id ?? uniqueId(input.name, existing),
        name: input.name.trim(),
        countries,
        currency: input.currency,
        rateMicros: input.rateMicros,
        rounding: input.rounding,
        isDefault: input.isDefault,
        position: before?.position ?? Math.max(-1, ...existing.map((m) => m.position)) + 1,
        updatedAt: now().toISOString(),
      };
      const saved = await store.markets.save(market);
      list.forget();
      if (saved.kind === "clash")
        return {
          kind: "invalid",
          problems: [
            `${worldCountry(saved.country).name} is already in the market ${saved.marketName}: a country can be in ` +
              `one market only. Take it out of ${saved.marketName} first.`,
          ],
        };
      if (saved.kind === "default-needed")
        return {
          kind: "invalid",
          problems: [
            `${market.name} is the default market: make another market the default instead, and this one stops being it.`,
          ],
        };
      await deps.audit?.({
        actor,
        entityType: "market",
        entityId: market.id,
        action: before ? "update" : "create",
        summary: `${before ? "Changed" : "Added"} the market ${market.name} (${market.currency})`,
        before: before ?? undefined,
        after: market,
      });
      return { kind: "saved", market };
    },

    /** Delete a market: its countries then buy in the default market. The default is refused. */
    async remove(id: string, actor: string): Promise<MarketRemoveResult> {
      await materialise();
      const market = await store.markets.get(id);
      const removed = market ? await store.markets.remove(id) : "not-found";
      list.forget();
      if (!market || removed === "not-found") return { kind: "not-found" };
      if (removed === "default")
        return {
          kind: "refused",
          message: `${market.name} is the default market: make another market the default before deleting it.`,
        };
      await deps.audit?.({
        actor,
        entityType: "market",
        entityId: id,
        action: "delete",
        summary: `Deleted the market ${market.name}`,
        before: market,
      });
      return { kind: "removed" };
    },
  };
}

/** A readable id from the name, unique among the markets. */
function uniqueId(name: string, markets: readonly Market[]): string {
  return uniqueSlug(name, (id) => markets.some((m) => m.id === id) || id === "new", "market");
}
