import crypto from "node:crypto";
import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import {
  DEFAULT_REMINDER_SETTINGS,
  normaliseEmail,
  type AbandonedCheckout,
  type ReminderSettings,
} from "~/domain/abandoned-checkout";
import type { AbandonedCheckoutStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// abandonedCheckouts/{cartId}: one record per cart, with `stage` (reminders sent while open, -1
// once converted) so the due queries are one equality and one range; claims are transactions.
// reminderOptOuts/{sha256(email)}: the addresses that opted out. reminderSettings/current.

const recordOf = (d: DocumentData): AbandonedCheckout => ({
  cartId: d.cartId,
  email: d.email,
  lines: d.lines,
  updatedAt: d.updatedAt,
  convertedOrderId: d.convertedOrderId ?? null,
  remindersSent: d.remindersSent,
  lastSentAt: d.lastSentAt ?? null,
  claimOwner: d.claimOwner ?? null,
  claimUntil: d.claimUntil ?? null,
  recovered: d.recoveredOrderId ? { orderId: d.recoveredOrderId, totalMinor: d.recoveredMinor } : null,
  restoredInto: d.restoredInto ?? null,
  optedOut: d.optedOut === true,
});

const emailKey = (email: string) => crypto.createHash("sha256").update(normaliseEmail(email)).digest("hex");

export function createFirestoreAbandonedCheckoutStore(db: Firestore): AbandonedCheckoutStore {
  const records = db.collection("abandonedCheckouts");
  const optOuts = db.collection("reminderOptOuts");
  const settings = db.collection("reminderSettings").doc("current");
  const probe = healthProbe(db);
  const tx = <T>(work: (t: FirebaseFirestore.Transaction) => Promise<T>) =>
    availableTransaction(probe, () => db.runTransaction(work));
  const fresh = (cartId: string, email: string, lines: AbandonedCheckout["lines"], at: string) => ({
    cartId,
    email,
    lines,
    updatedAt: at,
    convertedOrderId: null,
    remindersSent: 0,
    stage: 0,
    lastSentAt: null,
    claimOwner: null,
    claimUntil: null,
    recoveredOrderId: null,
    recoveredMinor: 0,
    isRecovered: false,
    restoredInto: null,
    optedOut: false,
  });
  return {
    async upsert({ cartId, email, lines, at }) {
      const ref = records.doc(cartId);
      await tx(async (t) => {
        const snap = await t.get(ref);
        const d = snap.data();
        // A converted record is a finished purchase: kept under "{cart}#{order}" (its figures stay
        // counted), and the cart's next checkout starts a fresh record.
        if (d?.convertedOrderId) {
          const archived = `${cartId}#${d.convertedOrderId}`;
          t.set(records.doc(archived), { ...d, cartId: archived });
        }
        if (!d || d.convertedOrderId) t.set(ref, fresh(cartId, normaliseEmail(email), lines, at));
        else t.update(ref, { email: normaliseEmail(email), lines, updatedAt: at });
      });
    },
    async get(cartId) {
      const snap = await available(() => records.doc(cartId).get());
      return snap.exists ? recordOf(snap.data()!) : null;
    },
    async markConverted(cartId, orderId) {
      const ref = records.doc(cartId);
      return tx(async (t) => {
        const d = (await t.get(ref)).data();
        if (!d || d.convertedOrderId) return false;
        t.update(ref, { convertedOrderId: orderId, stage: -1 });
        return true;
      });
    },
    async due({ firstBefore, secondBefore, limit }) {
      const first = available(() =>
        records.where("stage", "==", 0).where("updatedAt", "<=", firstBefore).orderBy("updatedAt").limit(limit).get(),
      );
      const second =
        secondBefore === null
          ? null
          : available(() =>
              records
                .where("stage", "==", 1)
                .where("lastSentAt", "<=", secondBefore)
                .orderBy("lastSentAt")
                .limit(limit)
                .get(),
            );
      const snaps = await Promise.all([first, second]);
      return snaps
        .flatMap((s) => s?.docs.map((d) => recordOf(d.data())) ?? [])
        .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1))
        .slice(0, limit);
    },
    async claim(cartId, { owner, sent, now, until }) {
      const ref = records.doc(cartId);
      return tx(async (t) => {
        const d = (await t.get(ref)).data();
        if (!d || d.convertedOrderId || d.optedOut || d.remindersSent !== sent) return false;
        if (d.claimUntil && d.claimUntil > now) return false;
        t.update(ref, { claimOwner: owner, claimUntil: until });
        return true;
      });
    },
    async markSent(cartId, { owner, n, at }) {
      const ref = records.doc(cartId);
      await tx(async (t) => {
        const d = (await t.get(ref)).data();
        if (!d || d.claimOwner !== owner) return;
        t.update(ref, {
          remindersSent: n,
          stage: d.convertedOrderId || d.optedOut ? -1 : n,
          lastSentAt: at,
          claimOwner: null,
          claimUntil: null,
        });
      });
    },
    async release(cartId, owner) {
      const ref = records.doc(cartId);
      await tx(async (t) => {
        const d = (await t.get(ref)).data();
        if (d && d.claimOwner === owner) t.update(ref, { claimOwner: null, claimUntil: null });
      });
    },
    async markRestored(cartId, intoCartId) {
      const ref = records.doc(cartId);
      await tx(async (t) => {
        if ((await t.get(ref)).exists) t.update(ref, { restoredInto: intoCartId });
      });
    },
    async restoredInto(intoCartId) {
      const snap = await available(() => records.where("restoredInto", "==", intoCartId).get());
      const found = snap.docs.map((d) => recordOf(d.data())).sort((a, b) => (a.updatedAt > b.updatedAt ? -1 : 1));
      return found[0] ?? null;
    },
    async recordRecovery(cartId, { orderId, totalMinor }) {
      const ref = records.doc(cartId);
      return tx(async (t) => {
        const d = (await t.get(ref)).data();
        if (!d || d.recoveredOrderId) return false;
        t.update(ref, { recoveredOrderId: orderId, recoveredMinor: totalMinor, isRecovered: true });
        return true;
      });
    },
    async list(limit) {
      const snap = await available(() => records.orderBy("updatedAt", "desc").limit(limit).get());
      return snap.docs.map((d) => recordOf(d.data()));
    },
    async counts() {
      const { AggregateField } = firestoreSdk();
      const [all, recovered] = await Promise.all([
        available(() =>
          records.aggregate({ n: AggregateField.count(), sent: AggregateField.sum("remindersSent") }).get(),
        ),
        available(() =>
          records
            .where("isRecovered", "==", true)
            .aggregate({ n: AggregateField.count(), revenue: AggregateField.sum("recoveredMinor") })
            .get(),
        ),
      ]);
      return {
        recorded: all.data().n,
        remindersSent: all.data().sent ?? 0,
        recovered: recovered.data().n,
        recoveredMinor: recovered.data().revenue ?? 0,
      };
    },
    async optOut(email, at) {
      const ref = optOuts.doc(emailKey(email));
      await tx(async (t) => {
        if (!(await t.get(ref)).exists) t.set(ref, { email: normaliseEmail(email), optedOutAt: at });
      });
      // The address's open records close with the opt-out, so they never clog the due queries.
      const open = await available(() => records.where("email", "==", normaliseEmail(email)).get());
      await Promise.all(open.docs.map((d) => available(() => d.ref.update({ optedOut: true, stage: -1 }))));
    },
    async isOptedOut(email) {
      const snap = await available(() => optOuts.doc(emailKey(email)).get());
      return snap.exists;
    },
    async optOuts() {
      const snap = await available(() => optOuts.get());
      return snap.docs
        .map((d) => ({ email: d.data().email as string, optedOutAt: d.data().optedOutAt as string }))
        .sort((a, b) => (a.email < b.email ? -1 : 1));
    },
    async importRecord(r) {
      await available(() =>
        records.doc(r.cartId).set({
          cartId: r.cartId,
          email: r.email,
          lines: r.lines,
          updatedAt: r.updatedAt,
          convertedOrderId: r.convertedOrderId,
          remindersSent: r.remindersSent,
          stage: r.convertedOrderId || r.optedOut ? -1 : r.remindersSent,
          lastSentAt: r.lastSentAt,
          claimOwner: r.claimOwner,
          claimUntil: r.claimUntil,
          recoveredOrderId: r.recovered?.orderId ?? null,
          recoveredMinor: r.recovered?.totalMinor ?? 0,
          isRecovered: r.recovered !== null,
          restoredInto: r.restoredInto,
          optedOut: r.optedOut,
        }),
      );
    },
    async getSettings() {
      const snap = await available(() => settings.get());
      return snap.exists
        ? { ...DEFAULT_REMINDER_SETTINGS, ...(snap.data() as ReminderSettings) }
        : DEFAULT_REMINDER_SETTINGS;
    },
    async saveSettings(value) {
      await available(() =>
        settings.set({ secondAfterHours: value.secondAfterHours, promotionCode: value.promotionCode }),
      );
    },
  };
}
