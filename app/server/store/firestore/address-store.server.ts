import type { Firestore } from "firebase-admin/firestore";
import type { SavedAddress } from "~/domain/saved-address";
import type { AddressStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// users/{uid}/addresses/{id}: the address fields, isDefault, createdAt. A shopper has a handful,
// so making one the default reads them all in one transaction and clears the others.

const byDefaultThenAge = (a: SavedAddress, b: SavedAddress) =>
  Number(b.isDefault) - Number(a.isDefault) ||
  (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);

export function createFirestoreAddressStore(db: Firestore): AddressStore {
  const probe = healthProbe(db);
  const addresses = (uid: string) => db.collection("users").doc(uid).collection("addresses");
  const toAddress = (id: string, d: FirebaseFirestore.DocumentData): SavedAddress => ({
    id,
    name: d.name,
    line1: d.line1,
    line2: d.line2 ?? "",
    city: d.city,
    postalCode: d.postalCode,
    country: d.country,
    phone: d.phone ?? "",
    isDefault: d.isDefault === true,
    createdAt: d.createdAt,
  });
  return {
    async list(uid) {
      const snap = await available(() => addresses(uid).get());
      return snap.docs.map((d) => toAddress(d.id, d.data())).sort(byDefaultThenAge);
    },
    async get(uid, id) {
      const snap = await available(() => addresses(uid).doc(id).get());
      return snap.exists ? toAddress(id, snap.data()!) : null;
    },
    async save(uid, address) {
      const { id, ...data } = address;
      await availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const others = address.isDefault ? await tx.get(addresses(uid).where("isDefault", "==", true)) : null;
          for (const doc of others?.docs ?? []) if (doc.id !== id) tx.update(doc.ref, { isDefault: false });
          tx.set(addresses(uid).doc(id), data);
        }),
      );
    },
    async setDefault(uid, id) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const all = await tx.get(addresses(uid));
          if (!all.docs.some((d) => d.id === id)) return false;
          for (const doc of all.docs) {
            const should = doc.id === id;
            if ((doc.get("isDefault") === true) !== should) tx.update(doc.ref, { isDefault: should });
          }
          return true;
        }),
      );
    },
    async delete(uid, id) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const ref = addresses(uid).doc(id);
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
  };
}
