import type { DocumentSnapshot, Firestore, Transaction } from "firebase-admin/firestore";
import type { GiftCard, GiftCardLedgerEntry } from "~/domain/gift-card";
import { redeemedEntryId, withCurrency, type OutstandingBalance } from "~/domain/gift-card";
import type { GiftCardCredit, GiftCardRedemption, GiftCardStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// giftCards/{id}: the GiftCard, with `seq` (entries written so far, to order the ledger).
// giftCards/{id}/giftCardLedger/{entry id}: its entries. giftCardCodes/{code hash}: { cardId } — created in
// the card's creation transaction, so two cards never share a code.
// A card's document is written only by staff and by orders paid with that card, so a transaction on it
// (read the balance, write the new one and the entry) serialises its redemptions without a hot document.

const CARDS = "giftCards";
const CODES = "giftCardCodes";
const LEDGER = "giftCardLedger";

const cardOf = (snap: DocumentSnapshot): GiftCard => {
  const { seq: _seq, ...card } = snap.data() as GiftCard & { seq: number };
  // A card written before cards had currencies has none: it holds euros.
  return withCurrency(card);
};

export function createFirestoreGiftCardStore(db: Firestore): GiftCardStore {
  const cards = db.collection(CARDS);
  const codes = db.collection(CODES);
  const probe = healthProbe(db);
  const inTransaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    availableTransaction(probe, () => db.runTransaction(work));

  return {
    async create(card, issued) {
      return inTransaction(async (tx) => {
        const [holder, existing] = await tx.getAll(codes.doc(card.codeHash), cards.doc(card.id));
        if (existing!.exists) return { ok: false as const, reason: "exists" as const };
        if (holder!.exists) return { ok: false as const, reason: "code-taken" as const };
        tx.create(codes.doc(card.codeHash), { cardId: card.id });
        tx.set(cards.doc(card.id), { ...card, seq: 1 });
        tx.set(cards.doc(card.id).collection(LEDGER).doc(issued.id), { ...issued, seq: 1 });
        return { ok: true as const };
      });
    },
    async get(id) {
      const snap = await available(() => cards.doc(id).get());
      return snap.exists ? cardOf(snap) : null;
    },
    async dueDeliveries(day, limit) {
      // A range on one field: Firestore's automatic single-field index answers it.
      const snap = await available(() =>
        cards.where("delivery.sendOn", "<=", day).orderBy("delivery.sendOn").limit(limit).get(),
      );
      return snap.docs.map(cardOf);
    },
    async takeDelivery(cardId) {
      return inTransaction(async (tx) => {
        const snap = await tx.get(cards.doc(cardId));
        const delivery = snap.exists ? (cardOf(snap).delivery ?? null) : null;
        if (delivery) tx.update(cards.doc(cardId), { delivery: null });
        return delivery;
      });
    },
    async putBackDelivery(cardId, delivery) {
      await available(() => cards.doc(cardId).update({ delivery }));
    },
    async findByCodeHash(codeHash) {
      if (!/^[0-9a-f]{64}$/.test(codeHash)) return null;
      const claim = await available(() => codes.doc(codeHash).get());
      if (!claim.exists) return null;
      return this.get(claim.get("cardId") as string);
    },
    async list() {
      const snap = await available(() => cards.orderBy("createdAt", "desc").get());
      return snap.docs.map(cardOf);
    },
    async ledger(cardId) {
      const snap = await available(() => cards.doc(cardId).collection(LEDGER).orderBy("seq").get());
      return snap.docs.map(entryOf);
    },
    async redeem(cardId, amountMinor, orderId, at) {
      return inTransaction((tx) =>
        redeemInTransaction(db, tx, cardId, amountMinor, orderId, at).then((r) => r.commit()),
      );
    },
    async credit(cardId, entry): Promise<GiftCardCredit> {
      return inTransaction(async (tx) => {
        const ref = cards.doc(cardId);
        const [snap, earlier] = await tx.getAll(ref, ref.collection(LEDGER).doc(entry.id));
        if (!snap!.exists) return { ok: false, reason: "not-found" };
        const card = cardOf(snap!);
        if (earlier!.exists) return { ok: true, card, entry: entryOf(earlier!) };
        if (card.status !== "active") return { ok: false, reason: "voided" };
        const seq = (snap!.get("seq") as number) + 1;
        const after: GiftCard = { ...card, balanceMinor: card.balanceMinor + entry.amountMinor, updatedAt: entry.at };
        const written: GiftCardLedgerEntry = {
          ...entry,
          cardId,
          balanceAfterMinor: after.balanceMinor,
          currency: card.currency,
        };
        tx.set(ref, { ...after, seq });
        tx.set(ref.collection(LEDGER).doc(entry.id), { ...written, seq });
        return { ok: true, card: after, entry: written };
      });
    },
    async void(cardId, at) {
      return inTransaction(async (tx) => {
        const ref = cards.doc(cardId);
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const card = cardOf(snap);
        if (card.status === "voided") return card;
        const seq = (snap.get("seq") as number) + 1;
        const voided: GiftCard = { ...card, status: "voided", updatedAt: at };
        const entry: GiftCardLedgerEntry = {
          id: "voided",
          cardId,
          kind: "voided",
          amountMinor: 0,
          balanceAfterMinor: card.balanceMinor,
          currency: card.currency,
          orderId: null,
          at,
        };
        tx.set(ref, { ...voided, seq });
        tx.set(ref.collection(LEDGER).doc(entry.id), { ...entry, seq });
        return voided;
      });
    },
    async outstanding() {
      const snap = await available(() =>
        cards.where("status", "==", "active").select("balanceMinor", "currency").get(),
      );
      const sums = new Map<string, OutstandingBalance>();
      for (const d of snap.docs) {
        const { currency } = withCurrency({ currency: d.get("currency") as GiftCard["currency"] | undefined });
        const sum = sums.get(currency) ?? { currency, balanceMinor: 0 };
        sum.balanceMinor += (d.get("balanceMinor") as number) ?? 0;
        sums.set(currency, sum);
      }
      return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
    },
    async allEntries() {
      const snap = await available(() => db.collectionGroup(LEDGER).get());
      return snap.docs
        .map((d) => ({ entry: entryOf(d), seq: d.get("seq") as number }))
        .sort((a, b) => (a.entry.cardId < b.entry.cardId ? -1 : a.entry.cardId > b.entry.cardId ? 1 : a.seq - b.seq))
        .map((x) => x.entry);
    },
    async restore(list, entries) {
      const byCard = new Map<string, GiftCardLedgerEntry[]>();
      for (const e of entries) byCard.set(e.cardId, [...(byCard.get(e.cardId) ?? []), e]);
      const writes: Array<(batch: FirebaseFirestore.WriteBatch) => void> = [];
      for (const card of list) {
        const mine = byCard.get(card.id) ?? [];
        writes.push((b) => b.set(cards.doc(card.id), { ...card, seq: mine.length }));
        writes.push((b) => b.set(codes.doc(card.codeHash), { cardId: card.id }));
        mine.forEach((e, i) =>
          writes.push((b) => b.set(cards.doc(card.id).collection(LEDGER).doc(e.id), { ...e, seq: i + 1 })),
        );
      }
      for (let i = 0; i < writes.length; i += 400) {
        const batch = db.batch();
        for (const write of writes.slice(i, i + 400)) write(batch);
        await available(() => batch.commit());
      }
    },
  };
}

function entryOf(snap: DocumentSnapshot): GiftCardLedgerEntry {
  const { seq: _seq, ...entry } = snap.data() as GiftCardLedgerEntry & { seq: number };
  return withCurrency(entry);
}

/**
 * Inside a transaction the caller holds (the store's own, or an order placement's), before any write: read the
 * card and whether this order already spent it. `commit` writes the new balance and the entry and answers the
 * outcome; on a refusal it writes nothing.
 */
export async function redeemInTransaction(
  db: Firestore,
  tx: Transaction,
  cardId: string,
  amountMinor: number,
  orderId: string,
  at: string,
): Promise<{ outcome: GiftCardRedemption; commit: () => GiftCardRedemption }> {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new Error(`gift card redemption of ${amountMinor}`);
  const ref = db.collection(CARDS).doc(cardId);
  const entryRef = ref.collection(LEDGER).doc(redeemedEntryId(orderId));
  const [snap, earlier] = await tx.getAll(ref, entryRef);
  const refused = (outcome: GiftCardRedemption) => ({ outcome, commit: () => outcome });
  if (!snap!.exists) return refused({ ok: false, reason: "not-found", balanceMinor: 0 });
  const card = cardOf(snap!);
  if (earlier!.exists) return refused({ ok: true, card, entry: entryOf(earlier!) });
  if (card.status !== "active") return refused({ ok: false, reason: "voided", balanceMinor: card.balanceMinor });
  if (card.balanceMinor < amountMinor)
    return refused({ ok: false, reason: "insufficient-balance", balanceMinor: card.balanceMinor });
  const seq = (snap!.get("seq") as number) + 1;
  const after: GiftCard = { ...card, balanceMinor: card.balanceMinor - amountMinor, updatedAt: at };
  const entry: GiftCardLedgerEntry = {
    id: redeemedEntryId(orderId),
    cardId,
    kind: "redeemed",
    amountMinor,
    balanceAfterMinor: after.balanceMinor,
    currency: card.currency,
    orderId,
    at,
  };
  const outcome: GiftCardRedemption = { ok: true, card: after, entry };
  return {
    outcome,
    commit: () => {
      tx.set(ref, { ...after, seq });
      tx.set(entryRef, { ...entry, seq });
      return outcome;
    },
  };
}
