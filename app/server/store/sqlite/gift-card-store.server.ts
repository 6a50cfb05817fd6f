import type { GiftCard, GiftCardDelivery, GiftCardLedgerEntry } from "~/domain/gift-card";
import { LEGACY_GIFT_CARD_CURRENCY, redeemedEntryId, withCurrency } from "~/domain/gift-card";
import type { GiftCardCredit, GiftCardRedemption, GiftCardStore } from "../port";
import type { SqliteDatabase } from "./database.server";

// Gift cards on SQLite. The balance and status columns are the truth (the JSON's copies are rewritten
// with them); a redemption is one conditional UPDATE (`balance_minor >= amount`) inside an IMMEDIATE
// transaction with its ledger entry, so concurrent redemptions — on this connection or another
// process's — never take a card below 0.

type CardRow = { data: string; status: string; balance_minor: number };

export function createSqliteGiftCardStore(db: SqliteDatabase): GiftCardStore {
  const cards = giftCardStatements(db);
  const all = db.prepare<[], CardRow>(
    "SELECT data, status, balance_minor FROM gift_cards ORDER BY created_at DESC, id",
  );
  const byHash = db.prepare<[string], CardRow>(
    "SELECT data, status, balance_minor FROM gift_cards WHERE code_hash = ?",
  );
  const insertCard = db.prepare<[string, string, string, number, string, string]>(
    `INSERT INTO gift_cards (id, code_hash, status, balance_minor, created_at, data) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET code_hash = excluded.code_hash, status = excluded.status,
       balance_minor = excluded.balance_minor, data = excluded.data`,
  );
  const ledger = db.prepare<[string], { data: string }>(
    "SELECT data FROM gift_card_ledger WHERE card_id = ? ORDER BY seq",
  );
  const allEntries = db.prepare<[], { data: string }>("SELECT data FROM gift_card_ledger ORDER BY card_id, seq");
  // A card written before cards had currencies has none in its JSON: it holds euros.
  const outstanding = db.prepare<[string], { currency: GiftCard["currency"]; total: number }>(
    `SELECT COALESCE(json_extract(data, '$.currency'), ?) AS currency, SUM(balance_minor) AS total
     FROM gift_cards WHERE status = 'active' GROUP BY 1 ORDER BY 1`,
  );
  const setStatus = db.prepare<[string, string]>("UPDATE gift_cards SET status = 'voided', data = ? WHERE id = ?");

  const create = db.transaction((card: GiftCard, issued: GiftCardLedgerEntry) => {
    if (cards.get(card.id)) return { ok: false as const, reason: "exists" as const };
    if (byHash.get(card.codeHash)) return { ok: false as const, reason: "code-taken" as const };
    insertCard.run(card.id, card.codeHash, card.status, card.balanceMinor, card.createdAt, JSON.stringify(card));
    cards.addEntry(issued);
    return { ok: true as const };
  });
  const credit = db.transaction((cardId: string, entry: Parameters<GiftCardStore["credit"]>[1]): GiftCardCredit => {
    const card = cards.get(cardId);
    if (!card) return { ok: false, reason: "not-found" };
    const earlier = cards.entry(cardId, entry.id);
    if (earlier) return { ok: true, card, entry: earlier };
    if (card.status !== "active") return { ok: false, reason: "voided" };
    const after = cards.move(card, entry.amountMinor, entry.at);
    const written: GiftCardLedgerEntry = {
      ...entry,
      cardId,
      balanceAfterMinor: after.balanceMinor,
      currency: card.currency,
    };
    cards.addEntry(written);
    return { ok: true, card: after, entry: written };
  });
  const voidCard = db.transaction((cardId: string, at: string): GiftCard | null => {
    const card = cards.get(cardId);
    if (!card) return null;
    if (card.status === "voided") return card;
    const voided: GiftCard = { ...card, status: "voided", updatedAt: at };
    setStatus.run(JSON.stringify(voided), cardId);
    cards.addEntry({
      id: "voided",
      cardId,
      kind: "voided",
      amountMinor: 0,
      balanceAfterMinor: card.balanceMinor,
      currency: card.currency,
      orderId: null,
      at,
    });
    return voided;
  });
  // Scheduled e-mails live in the card's JSON: a shop has hundreds of cards, so the due query scans them.
  const due = db.prepare<[string, number], CardRow>(
    `SELECT data, status, balance_minor FROM gift_cards
     WHERE json_extract(data, '$.delivery.sendOn') <= ? ORDER BY json_extract(data, '$.delivery.sendOn'), id LIMIT ?`,
  );
  const writeData = db.prepare<[string, string]>("UPDATE gift_cards SET data = ? WHERE id = ?");
  const takeDelivery = db.transaction((cardId: string): GiftCardDelivery | null => {
    const card = cards.get(cardId);
    if (!card?.delivery) return null;
    writeData.run(JSON.stringify({ ...card, delivery: null }), cardId);
    return card.delivery;
  });
  const putBack = db.transaction((cardId: string, delivery: GiftCardDelivery) => {
    const card = cards.get(cardId);
    if (card) writeData.run(JSON.stringify({ ...card, delivery }), cardId);
  });
  const restore = db.transaction((list: readonly GiftCard[], entries: readonly GiftCardLedgerEntry[]) => {
    for (const c of list) insertCard.run(c.id, c.codeHash, c.status, c.balanceMinor, c.createdAt, JSON.stringify(c));
    for (const e of entries) cards.addEntry(e);
  });

  return {
    async create(card, issued) {
      return create.immediate(card, issued);
    },
    async get(id) {
      return cards.get(id);
    },
    async dueDeliveries(day, limit) {
      return due.all(day, limit).map((row) => parseCard(row)!);
    },
    async takeDelivery(cardId) {
      return takeDelivery.immediate(cardId);
    },
    async putBackDelivery(cardId, delivery) {
      putBack.immediate(cardId, delivery);
    },
    async findByCodeHash(codeHash) {
      return parseCard(byHash.get(codeHash));
    },
    async list() {
      return all.all().map((row) => parseCard(row)!);
    },
    async ledger(cardId) {
      return ledger.all(cardId).map(parseEntry);
    },
    async redeem(cardId, amountMinor, orderId, at) {
      return db.transaction(() => cards.redeem(cardId, amountMinor, orderId, at)).immediate();
    },
    async credit(cardId, entry) {
      return credit.immediate(cardId, entry);
    },
    async void(cardId, at) {
      return voidCard.immediate(cardId, at);
    },
    async outstanding() {
      return outstanding
        .all(LEGACY_GIFT_CARD_CURRENCY)
        .map((row) => ({ currency: row.currency, balanceMinor: row.total }));
    },
    async allEntries() {
      return allEntries.all().map(parseEntry);
    },
    async restore(list, entries) {
      restore.immediate(list, entries);
    },
  };
}

function parseCard(row: CardRow | undefined): GiftCard | null {
  if (!row) return null;
  const card = withCurrency(JSON.parse(row.data) as GiftCard);
  return { ...card, status: row.status as GiftCard["status"], balanceMinor: row.balance_minor };
}

const parseEntry = (row: { data: string }): GiftCardLedgerEntry =>
  withCurrency(JSON.parse(row.data) as GiftCardLedgerEntry);

/**
 * The statements a redemption needs, for use inside a transaction the caller holds (the gift-card store's
 * own, or an order placement's: the card is spent in the same transaction as the order is written).
 */
export function giftCardStatements(db: SqliteDatabase) {
  const byId = db.prepare<[string], CardRow>("SELECT data, status, balance_minor FROM gift_cards WHERE id = ?");
  const entryById = db.prepare<[string, string], { data: string }>(
    "SELECT data FROM gift_card_ledger WHERE card_id = ? AND entry_id = ?",
  );
  const insertEntry = db.prepare<[string, string, string, string]>(
    `INSERT INTO gift_card_ledger (card_id, entry_id, seq, data)
     VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM gift_card_ledger WHERE card_id = ?), ?)`,
  );
  // Never below 0: the row changes only when the balance covers the amount (a negative move is a credit).
  const moveBalance = db.prepare<[number, string, number]>(
    "UPDATE gift_cards SET balance_minor = balance_minor + ? WHERE id = ? AND balance_minor + ? >= 0 AND status = 'active'",
  );
  const writeData = db.prepare<[string, string]>("UPDATE gift_cards SET data = ? WHERE id = ?");

  const get = (id: string) => parseCard(byId.get(id));
  const api = {
    get,
    entry(cardId: string, entryId: string): GiftCardLedgerEntry | null {
      const row = entryById.get(cardId, entryId);
      return row ? parseEntry(row) : null;
    },
    addEntry(entry: GiftCardLedgerEntry) {
      insertEntry.run(entry.cardId, entry.id, entry.cardId, JSON.stringify(entry));
    },
    /** Add `deltaMinor` (negative: take) to an active card whose balance covers it (checked by the caller). */
    move(card: GiftCard, deltaMinor: number, at: string): GiftCard {
      const changed = moveBalance.run(deltaMinor, card.id, deltaMinor).changes;
      if (changed === 0) throw new Error(`gift card ${card.id}: balance move of ${deltaMinor} refused`);
      const after: GiftCard = { ...card, balanceMinor: card.balanceMinor + deltaMinor, updatedAt: at };
      writeData.run(JSON.stringify(after), card.id);
      return after;
    },
    redeem(cardId: string, amountMinor: number, orderId: string, at: string): GiftCardRedemption {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new Error(`gift card redemption of ${amountMinor}`);
      const card = get(cardId);
      if (!card) return { ok: false, reason: "not-found", balanceMinor: 0 };
      const earlier = api.entry(cardId, redeemedEntryId(orderId));
      if (earlier) return { ok: true, card, entry: earlier };
      if (card.status !== "active") return { ok: false, reason: "voided", balanceMinor: card.balanceMinor };
      if (card.balanceMinor < amountMinor)
        return { ok: false, reason: "insufficient-balance", balanceMinor: card.balanceMinor };
      const after = api.move(card, -amountMinor, at);
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
      api.addEntry(entry);
      return { ok: true, card: after, entry };
    },
  };
  return api;
}
