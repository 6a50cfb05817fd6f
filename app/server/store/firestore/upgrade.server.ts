import type { Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import { available } from "./availability.server";
import { migrateProfileDates } from "./profile-store.server";

// Data written by earlier versions of the shop, brought up to this one's shape at start. Each step
// is idempotent and costs one small read once done, so every instance may run it at every start.

/**
 * Earlier versions kept a catalogue change counter in meta/catalogue and no commit time on
 * products; the change feed now reads `changedAt` (decision 0008). Products and tombstones
 * without it get one, then the old counter document goes, which marks the step done.
 */
async function stampChangeTimes(db: Firestore): Promise<number> {
  const counter = db.collection("meta").doc("catalogue");
  if (!(await available(() => counter.get())).exists) return 0;
  let stamped = 0;
  for (const name of ["products", "productTombstones"]) {
    let last: string | null = null;
    for (;;) {
      let query = db.collection(name).orderBy(firestoreSdk().FieldPath.documentId()).limit(400);
      if (last) query = query.startAfter(last);
      const page = await available(() => query.get());
      if (page.empty) break;
      const batch = db.batch();
      let writes = 0;
      for (const doc of page.docs) {
        if (doc.get("changedAt") !== undefined) continue;
        batch.update(doc.ref, { changedAt: firestoreSdk().FieldValue.serverTimestamp() });
        writes += 1;
      }
      if (writes > 0) await available(() => batch.commit());
      stamped += writes;
      last = page.docs[page.docs.length - 1].id;
    }
  }
  await available(() => counter.delete());
  return stamped;
}

export async function upgradeFirestore(db: Firestore, log: (line: string) => void): Promise<void> {
  const stamped = await stampChangeTimes(db);
  if (stamped > 0) log(`Upgraded ${stamped} products and tombstones for the change feed.`);
  const dated = await migrateProfileDates(db);
  if (dated > 0) log(`Upgraded ${dated} profiles to timestamp dates.`);
}
