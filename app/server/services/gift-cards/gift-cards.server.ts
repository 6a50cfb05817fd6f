import crypto from "node:crypto";
import type { GiftCard, GiftCardCurrency, GiftCardLedgerEntry } from "~/domain/gift-card";
import { lastFourOf, normaliseGiftCardCode } from "~/domain/gift-card";
import { BASE_CURRENCY, formatMoneyInText } from "~/domain/money";
import { giftCardLiability } from "~/domain/gift-card-liability";
import type { Store } from "~/server/store/port";
import type { MailMessage, Mailer } from "~/server/mail/port";
import type { AuditRecord } from "../audit/audit.server";
import { createRateLimiter, LIMITS } from "../accounts/rate-limit.server";
import { generateGiftCardCode, hashGiftCardCode } from "./gift-card-code.server";

// Gift cards: issuing (a code shown once, only its hash kept), finding a card by a typed code behind a
// rate limit per client address (codes are guessed, not remembered wrongly often), top-ups and voids.

export type GiftCardLookup =
  | { kind: "found"; card: GiftCard }
  | { kind: "not-found" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;

/** What a shopper is told about a card that cannot pay. */
export function giftCardProblem(reason: "not-found" | "voided" | "insufficient-balance" | "empty"): string {
  switch (reason) {
    case "not-found":
      return "No gift card has that code. Check it and try again.";
    case "voided":
      return "This gift card can no longer be used.";
    case "empty":
      return "This gift card has no balance left.";
    case "insufficient-balance":
      return "This gift card's balance changed meanwhile (it was used elsewhere). Nothing was charged; apply it again.";
  }
}

export interface GiftCardMailOptions {
  mailer: Mailer;
  shopName: string;
  /** The shop's public origin, for the balance page's link. */
  publicOrigin: string;
}

/** The e-mail that brings a card's code to its recipient: the only place the code goes besides the issuer's screen. */
export function giftCardMail(card: GiftCard, code: string, options: Omit<GiftCardMailOptions, "mailer">): MailMessage {
  const lines = [
    `You have been given a ${options.shopName} gift card worth ${formatMoneyInText(card.initialMinor, card.currency)}.`,
    "",
    ...(card.message ? [`Message: ${card.message}`, ""] : []),
    `Your code: ${code}`,
    "",
    "Type it in the Gift card field at checkout. It pays up to its balance; the rest is paid by card.",
    ...(card.currency === BASE_CURRENCY ? [] : [`It pays orders in ${card.currency}.`]),
    `Check its balance at any time: ${options.publicOrigin}/gift-cards`,
    "",
    "Keep this code safe: whoever has it can spend the card.",
  ];
  return { to: card.recipientEmail!, subject: `Your ${options.shopName} gift card`, text: lines.join("\n") };
}

/** What the audit log shows of a card: never its code's hash. */
const auditView = (card: GiftCard) => ({
  id: card.id,
  last4: card.last4,
  currency: card.currency,
  balanceMinor: card.balanceMinor,
  status: card.status,
  recipientEmail: card.recipientEmail,
});

/** What gift cards are kept in, how their codes are e-mailed, and where changes are recorded. */
export interface GiftCardsDeps {
  store: Store;
  /** E-mails a card issued with a recipient its code. */
  mail: GiftCardMailOptions;
  /** The back office's changes (issue, top-up, void) go to the audit log, as a card is money owed. */
  audit: (record: AuditRecord) => Promise<unknown>;
  /** Stamps issues, top-ups and voids; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createGiftCardsService(deps: GiftCardsDeps) {
  const { store, mail, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(store.rateLimits);
  const missKey = (ip: string | null) => `gift-card-miss:${ip ?? "unknown"}`;

  return {
    /**
     * The card a typed code opens. Only misses count against the client's address: once over the limit,
     * every lookup from it waits (a right code too), so guessing gains nothing by being fast.
     */
    async lookup(code: string, ip: string | null): Promise<GiftCardLookup> {
      const wait = await limiter.retryAfter(missKey(ip), LIMITS.giftCardMissesPerIp);
      if (wait > 0) return { kind: "rate-limited", retryAfterSeconds: wait };
      const normalised = normaliseGiftCardCode(code);
      const card = normalised ? await store.giftCards.findByCodeHash(hashGiftCardCode(normalised)) : null;
      if (card) return { kind: "found", card };
      const over = await limiter.hit(missKey(ip), LIMITS.giftCardMissesPerIp);
      return over > 0 ? { kind: "rate-limited", retryAfterSeconds: over } : { kind: "not-found" };
    },

    /** The card of a code read from the shop's own signed cookie (checked by `lookup` when applied): not rate-limited. */
    async byAppliedCode(code: string): Promise<GiftCard | null> {
      const normalised = normaliseGiftCardCode(code);
      return normalised ? store.giftCards.findByCodeHash(hashGiftCardCode(normalised)) : null;
    },

    /** A new card; its code is answered once and never stored. */
    async issue(input: {
      amountMinor: number;
      /** What it holds and pays orders in; default the base currency. */
      currency?: GiftCardCurrency;
      recipientEmail: string | null;
      message: string | null;
      source: GiftCard["source"];
      id?: string;
      /** The staff member's e-mail, for the audit log. */
      actor?: string;
    }): Promise<{ card: GiftCard; code: string }> {
      // A collision of 2^74 codes is not expected; a second try costs nothing.
      for (let attempt = 0; attempt < 3; attempt++) {
        const code = generateGiftCardCode();
        const normalised = normaliseGiftCardCode(code)!;
        const at = now().toISOString();
        const card: GiftCard = {
          id: input.id ?? crypto.randomUUID(),
          codeHash: hashGiftCardCode(normalised),
          last4: lastFourOf(normalised),
          currency: input.currency ?? BASE_CURRENCY,
          initialMinor: input.amountMinor,
          balanceMinor: input.amountMinor,
          status: "active",
          recipientEmail: input.recipientEmail,
          message: input.message,
          source: input.source,
          createdAt: at,
          updatedAt: at,
        };
        const issued: GiftCardLedgerEntry = {
          id: "issued",
          cardId: card.id,
          kind: "issued",
          amountMinor: input.amountMinor,
          balanceAfterMinor: input.amountMinor,
          currency: card.currency,
          orderId: card.source.kind === "order" ? card.source.orderId : null,
          at,
        };
        const created = await store.giftCards.create(card, issued);
        if (!created.ok) continue;
        if (input.actor)
          await audit({
            actor: input.actor,
            entityType: "gift-card",
            entityId: card.id,
            action: "create",
            summary: `Issued the gift card ending ${card.last4} for ${formatMoneyInText(card.initialMinor, card.currency)}`,
            after: auditView(card),
          });
        // A mail that fails does not undo the card: the issuer still has the code on screen to pass on.
        if (card.recipientEmail) {
          await mail.mailer
            .send(giftCardMail(card, code, mail))
            .catch((error: unknown) => console.error(`Gift card ${card.last4}: the e-mail could not be sent`, error));
        }
        return { card, code };
      }
      throw new Error("Could not find a free gift card code");
    },

    async topUp(cardId: string, amountMinor: number, actor: string) {
      const at = now().toISOString();
      const result = await store.giftCards.credit(cardId, {
        id: `topped_up:${crypto.randomUUID()}`,
        kind: "topped_up",
        amountMinor,
        orderId: null,
        at,
      });
      if (result.ok)
        await audit({
          actor,
          entityType: "gift-card",
          entityId: cardId,
          action: "top-up",
          summary: `Topped up the gift card ending ${result.card.last4} by ${formatMoneyInText(amountMinor, result.card.currency)}`,
          after: auditView(result.card),
        });
      return result;
    },

    async void(cardId: string, actor: string) {
      const voided = await store.giftCards.void(cardId, now().toISOString());
      if (voided)
        await audit({
          actor,
          entityType: "gift-card",
          entityId: cardId,
          action: "void",
          summary: `Voided the gift card ending ${voided.last4}`,
          after: auditView(voided),
        });
      return voided;
    },

    get: (id: string) => store.giftCards.get(id),
    list: () => store.giftCards.list(),
    ledger: (id: string) => store.giftCards.ledger(id),
    /** What active cards hold, per currency. */
    outstanding: () => store.giftCards.outstanding(),
    /** What active cards hold in one currency (0 without any). */
    async outstandingIn(currency: GiftCardCurrency): Promise<number> {
      return (await store.giftCards.outstanding()).find((b) => b.currency === currency)?.balanceMinor ?? 0;
    },
    /** The liability report: per currency, and estimated in the base currency at the markets' rates now. */
    async liability() {
      const [balances, markets] = await Promise.all([store.giftCards.outstanding(), store.markets.list()]);
      return giftCardLiability(balances, markets);
    },
  };
}
