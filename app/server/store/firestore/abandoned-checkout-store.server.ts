import crypto from "node:crypto";
import type { DocumentData, DocumentReference, Firestore, Precondition, WriteBatch } from "firebase-admin/firestore";
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

/** Another instance wrote the record between the read and the write (ALREADY_EXISTS, FAILED_PRECONDITION). */
const lostRace = (error: unknown) => [6, 9].includes((error as { code?: number }).code ?? -1);
/** Reads and writes before an update that keeps losing to other instances gives up (and is logged). */
const RACE_ATTEMPTS = 5;

const emailKey = (email: string) => crypto.createHash("sha256").update(normaliseEmail(email)).digest("hex");

export function createFirestoreAbandonedCheckoutStore(db: Firestore): AbandonedCheckoutStore {
  const records = db.collection("abandonedCheckouts");
  const optOuts = db.collection("reminderOptOuts");
  const settings = db.collection("reminderSettings").doc("current");
  const probe = healthProbe(db);
  const tx = <T>(work: (t: FirebaseFirestore.Transaction) => Promise<T>) =>
    availableTransaction(probe, () => db.runTransaction(work));
  /**
   * Read `ref`, let `decide` say what to write (null: nothing), and write it in one batch only if
   * the record is still as read (`create` only if still missing). Another instance writing it in
   * between makes the batch fail: read again and decide again, a few times. No transaction, so
   * no lock a shopper's request could wait on or lose.
   */
  async function writeIfUnchanged(
    ref: DocumentReference,
    decide: (
      d: DocumentData | undefined,
      ref: DocumentReference,
    ) => ((w: WriteBatch, precondition: Precondition) => void) | null,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const snap = await available(() => ref.get());
      const write = decide(snap.data(), ref);
      if (!write) return;
      const batch = db.batch();
      write(batch, { lastUpdateTime: snap.updateTime! });
      try {
        await available(() => batch.commit());
        return;
      } catch (error) {
        if (attempt < RACE_ATTEMPTS && lostRace(error)) continue;
        throw error;
      }
    }
  }
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
      const address = normaliseEmail(email);
      await writeIfUnchanged(records.doc(cartId), (d, ref) => {
        if (!d) return (w) => w.create(ref, fresh(cartId, address, lines, at));
        if (!d.convertedOrderId)
          return (w, precondition) => w.update(ref, { email: address, lines, updatedAt: at }, precondition);
        // A converted record is a finished purchase: kept under "{cart}#{order}" (its figures stay
        // counted), and the cart's next checkout starts a fresh record.
        const archived = `${cartId}#${d.convertedOrderId}`;
        return (w, precondition) => {
          w.set(records.doc(archived), { ...d, cartId: archived });
          w.update(ref, fresh(cartId, address, lines, at), precondition);
        };
      });
    },
    async get(cartId) {
      const snap = await available(() => records.doc(cartId).get());
      return snap.exists ? recordOf(snap.data()!) : null;
    },
    async markConverted(cartId, orderId) {
      // No transaction: a plain read (most orders have no record, and that is all they cost) and
      // a write that only lands on the record as read, so two instances closing it at once agree.
      let converted = false;
      await writeIfUnchanged(records.doc(cartId), (d, ref) => {
        converted = false;
        if (!d || d.convertedOrderId) return null;
        return (w, precondition) => {
          converted = true;
          w.update(ref, { convertedOrderId: orderId, stage: -1 }, precondition);
        };
      });
      return converted;
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
      let recorded = false;
      await writeIfUnchanged(records.doc(cartId), (d, ref) => {
        recorded = false;
        if (!d || d.recoveredOrderId) return null;
        return (w, precondition) => {
          recorded = true;
          w.update(ref, { recoveredOrderId: orderId, recoveredMinor: totalMinor, isRecovered: true }, precondition);
        };
      });
      return recorded;
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
    async prune({ before, limit }) {
      // Two queries on automatic single-field indexes (equalities merge; one range): no composite index.
      const [closed, old] = await Promise.all([
        available(() => records.where("stage", "==", -1).where("remindersSent", "==", 0).limit(limit).get()),
        available(() => records.where("updatedAt", "<", before).limit(limit).get()),
      ]);
      const refs = new Map<string, DocumentReference>();
      for (const d of [...closed.docs, ...old.docs]) if (refs.size < limit) refs.set(d.id, d.ref);
      if (refs.size === 0) return 0;
      const batch = db.batch();
      for (const ref of refs.values()) batch.delete(ref);
      await available(() => batch.commit());
      return refs.size;
    },
    async saveSettings(value) {
      await available(() =>
        settings.set({ secondAfterHours: value.secondAfterHours, promotionCode: value.promotionCode }),
      );
    },
  };
}
