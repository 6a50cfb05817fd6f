import {
  flatRateZone,
  quotesFor,
  zoneOf,
  zoneProblems,
  type DeliveryQuote,
  type Parcel,
  type ShippingZone,
} from "~/domain/shipping-zone";
import { taxRuleProblems } from "~/domain/tax-rule";
import { uniqueSlug } from "~/lib/slug";
import { changeStampOf, keptList } from "../kept-list.server";
import { SHIPPING_COUNTRIES } from "~/lib/countries";
import { worldCountry, type WorldCountry } from "~/lib/world-countries";
import type { Store } from "../../store/port";
import type { AuditRecord } from "../audit/audit.server";

// The one place delivery is priced: checkout's offer and the order's price, the cart's estimate,
// the info pages, the footer and the product feed all ask this service, which reads the zones the
// back office keeps. A store without any zone (a shop from before zones, or a test's empty store)
// delivers by the configured flat rates (SHIPPING_*_CENTS, FREE_SHIPPING_FROM_CENTS) to the
// original delivery countries, as it always did; the first zone saved in the back office writes
// those rates down as a zone of their own, so nothing changes for a country until it is edited.

/** The configured flat rates: only ever the prices of a store that holds no zone yet. */
export interface ShippingRates {
  standardMinor: number;
  expressMinor: number;
  freeFromMinor: number;
}

export type ZoneEditResult =
  | { kind: "saved"; zone: ShippingZone }
  | { kind: "invalid"; problems: string[] }
  | { kind: "not-found" };

export type ZoneRemoveResult = { kind: "removed" } | { kind: "not-found" } | { kind: "refused"; message: string };

export type ShippingService = ReturnType<typeof createShippingService>;

export function createShippingService(deps: {
  store: Pick<Store, "shippingZones" | "changeStamp">;
  rates: ShippingRates;
  /** The shop's home country (FEED_COUNTRY): the footer's figures are its zone's; its zone cannot be deleted. */
  homeCountry?: string;
  audit?: (record: AuditRecord) => Promise<unknown>;
  now?: () => Date;
  /**
   * How long a read of the zones serves the pages (the root loader states their figures on every
   * page): 0 reads every time. On Firestore the catalogue's sync interval, so a page costs no
   * read; placing an order always reads them fresh, and this instance's own edits show at once.
   */
  cacheMs?: number;
}) {
  const { store, rates } = deps;
  const homeCountry = deps.homeCountry ?? "IE";
  const now = deps.now ?? (() => new Date());
  const fallback = () =>
    flatRateZone(
      SHIPPING_COUNTRIES.map((c) => c.code),
      rates,
      "1970-01-01T00:00:00.000Z",
    );

  const list = keptList<ShippingZone>({
    list: () => store.shippingZones.list(),
    save: (row) => store.shippingZones.save(row),
    fallback,
    cacheMs: deps.cacheMs ?? 0,
    changeStamp: changeStampOf(store),
    now,
  });
  const zones = list.read;
  const materialise = list.materialise;

  async function homeZone(): Promise<ShippingZone | null> {
    const all = await zones();
    return zoneOf(all, homeCountry) ?? all[0] ?? null;
  }

  return {
    homeCountry,
    zones,
    homeZone,

    async zone(id: string): Promise<ShippingZone | null> {
      return (await zones()).find((z) => z.id === id) ?? null;
    },

    /** The zone that delivers to `country`, or null when the shop does not deliver there. */
    async zoneFor(country: string, options: { fresh?: boolean } = {}): Promise<ShippingZone | null> {
      return zoneOf(await zones(options), country);
    },

    /** What delivery to `country` costs for this parcel, method by method; null: no delivery there. */
    async quotes(country: string, parcel: Parcel, options: { fresh?: boolean } = {}): Promise<DeliveryQuote[] | null> {
      const zone = zoneOf(await zones(options), country);
      return zone ? quotesFor(zone, parcel) : null;
    },

    /** Every country some zone delivers to, by name. */
    async countries(): Promise<WorldCountry[]> {
      const codes = (await zones()).flatMap((z) => z.countries);
      return codes.map(worldCountry).sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
    },

    /**
     * Add (no id yet) or replace a zone from the back office. Nothing is written when it is
     * invalid or another zone already holds one of its countries (checked atomically by the store).
     */
    async save(
      input: Omit<ShippingZone, "id" | "updatedAt" | "position"> & { id: string | null },
      actor: string,
    ): Promise<ZoneEditResult> {
      const problems = [...zoneProblems(input), ...(input.taxRule ? taxRuleProblems(input.taxRule) : [])];
      if (problems.length > 0) return { kind: "invalid", problems };
      await materialise();
      const before = input.id ? await store.shippingZones.get(input.id) : null;
      if (input.id && !before) return { kind: "not-found" };
      const existing = await store.shippingZones.list();
      const zone: ShippingZone = {
        ...input,
        id: before?.id ?? uniqueId(input.name, existing),
        position: before?.position ?? Math.max(-1, ...existing.map((z) => z.position)) + 1,
        updatedAt: now().toISOString(),
      };
      const saved = await store.shippingZones.save(zone);
      list.forget();
      if (saved.kind === "clash")
        return {
          kind: "invalid",
          problems: [
            `${worldCountry(saved.country).name} is already in the zone ${saved.zoneName}: a country can be in one ` +
              `zone only. Take it out of ${saved.zoneName} first.`,
          ],
        };
      await deps.audit?.({
        actor,
        entityType: "shipping-zone",
        entityId: zone.id,
        action: before ? "update" : "create",
        summary: `${before ? "Changed" : "Added"} the shipping zone ${zone.name}`,
        before: before ?? undefined,
        after: zone,
      });
      return { kind: "saved", zone };
    },

    /**
     * Delete a zone: its countries are then delivered to no more. The zone of the home country is
     * refused (checkout's default country, the feed's target and the footer's figures are its).
     */
    async remove(id: string, actor: string): Promise<ZoneRemoveResult> {
      await materialise();
      const zone = await store.shippingZones.get(id);
      if (!zone) return { kind: "not-found" };
      if (zone.countries.includes(homeCountry))
        return {
          kind: "refused",
          message:
            `${zone.name} holds ${worldCountry(homeCountry).name}, the shop's home country (FEED_COUNTRY): ` +
            "move it to another zone first, or set FEED_COUNTRY to a country of another zone.",
        };
      const removed = await store.shippingZones.remove(id);
      list.forget();
      if (!removed) return { kind: "not-found" };
      await deps.audit?.({
        actor,
        entityType: "shipping-zone",
        entityId: id,
        action: "delete",
        summary: `Deleted the shipping zone ${zone.name}`,
        before: zone,
      });
      return { kind: "removed" };
    },
  };
}

/** A readable id from the name, unique among the zones. */
function uniqueId(name: string, zones: readonly ShippingZone[]): string {
  return uniqueSlug(name, (id) => zones.some((z) => z.id === id), "zone");
}
