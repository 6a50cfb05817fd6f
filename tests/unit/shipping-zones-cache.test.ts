import { describe, expect, it } from "vitest";
import { flatRateZone, type ShippingZone } from "~/domain/shipping-zone";
import type { ShippingZoneStore } from "~/server/store/port";
import { createShippingService } from "~/server/services/shipping/shipping.server";

// On Firestore every page states the zones' figures (the footer), so a read of the zones serves
// the pages for the sync interval; an order is priced from a fresh read, and an edit on this
// instance shows at once.

function countingStore(initial: ShippingZone[]) {
  let zones = initial;
  const reads = { count: 0 };
  const store: ShippingZoneStore = {
    async list() {
      reads.count += 1;
      return zones;
    },
    async get(id) {
      return zones.find((z) => z.id === id) ?? null;
    },
    async save(zone) {
      zones = [...zones.filter((z) => z.id !== zone.id), zone];
      return { kind: "saved" };
    },
    async remove(id) {
      const before = zones.length;
      zones = zones.filter((z) => z.id !== id);
      return zones.length < before;
    },
  };
  return { store, reads, replace: (next: ShippingZone[]) => (zones = next) };
}

const rates = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const europe = { ...flatRateZone(["IE", "FR"], rates, "2026-11-01T00:00:00.000Z"), id: "europe", name: "Europe" };

describe("the zones a page reads are kept for the cache time; an order's are read fresh", () => {
  it("serves pages from one read, prices an order from a fresh one, and forgets on its own edit", async () => {
    const { store, reads, replace } = countingStore([europe]);
    const shipping = createShippingService({ store: { shippingZones: store }, rates, cacheMs: 60_000 });
    await shipping.zones();
    await shipping.homeZone();
    await shipping.countries();
    expect(reads.count).toBe(1);

    // Another instance moved France to its own zone: pages may lag, an order may not.
    replace([{ ...europe, countries: ["IE"] }]);
    expect(await shipping.zoneFor("FR")).not.toBeNull();
    expect(await shipping.zoneFor("FR", { fresh: true })).toBeNull();

    const saved = await shipping.save({ ...europe, countries: ["IE", "DE"], id: "europe" }, "owner@example.com");
    expect(saved.kind).toBe("saved");
    expect((await shipping.zoneFor("DE"))?.name).toBe("Europe");
  });

  it("reads every time without a cache time (the embedded store)", async () => {
    const { store, reads } = countingStore([europe]);
    const shipping = createShippingService({ store: { shippingZones: store }, rates });
    await shipping.zones();
    await shipping.zones();
    expect(reads.count).toBe(2);
  });
});
