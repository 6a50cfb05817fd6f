import type { Firestore } from "firebase-admin/firestore";
import { countryClash, type ShippingZone } from "~/domain/shipping-zone";
import type { ShippingZoneStore, ZoneSaveResult } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// shippingZones/{id}: a ShippingZone. A shop has a handful, so saving reads them all in its
// transaction: two instances saving zones at once cannot both put one country in two zones.

const byPosition = (a: ShippingZone, b: ShippingZone) =>
  a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);

export function createFirestoreShippingZoneStore(db: Firestore): ShippingZoneStore {
  const zones = db.collection("shippingZones");
  const probe = healthProbe(db);
  return {
    async list() {
      const snap = await available(() => zones.get());
      return snap.docs.map((d) => d.data() as ShippingZone).sort(byPosition);
    },
    async get(id) {
      const snap = await available(() => zones.doc(id).get());
      return snap.exists ? (snap.data() as ShippingZone) : null;
    },
    async save(zone) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx): Promise<ZoneSaveResult> => {
          const all = (await tx.get(zones)).docs.map((d) => d.data() as ShippingZone);
          const clash = countryClash(all, zone);
          if (clash) return { kind: "clash", country: clash.country, zoneId: clash.zone.id, zoneName: clash.zone.name };
          tx.set(zones.doc(zone.id), zone);
          return { kind: "saved" };
        }),
      );
    },
    async remove(id) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const ref = zones.doc(id);
          if (!(await tx.get(ref)).exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
  };
}
