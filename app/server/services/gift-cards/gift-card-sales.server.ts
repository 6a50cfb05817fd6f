import type { Order } from "~/domain/commerce";
import {
  boughtCardId,
  lastFourOf,
  normaliseGiftCardCode,
  type GiftCard,
  type GiftCardDelivery,
  type GiftCardLedgerEntry,
} from "~/domain/gift-card";
import { sendsNow, utcDay } from "~/domain/gift-card-product";
import type { Store } from "~/server/store/port";
import type { MailMessage, Mailer } from "~/server/mail/port";
import { formatMoneyInText, type CurrencyCode } from "~/domain/money";
import { generateGiftCardCode, hashGiftCardCode } from "./gift-card-code.server";
import { openCode, sealCode } from "./sealed-code.server";

// Gift cards bought in the shop: issued when their order is paid, one card per unit of each gift card
// line, with an id naming the order, line and unit, so a payment handled twice (a webhook delivered
// again, two instances) issues each card once. The code is e-mailed at once, or sealed on the card
// until its send date and e-mailed by the sweep (sendDue), which claims each card's e-mail first.

export interface GiftCardSalesOptions {
  store: Store;
  mailer: Mailer;
  shopName: string;
  /** The shop's public origin, for the balance page's link. */
  publicOrigin: string;
  /** GIFT_CARD_CODE_KEY (hex), sealing codes that wait for their date. */
  codeKey: string;
  now?: () => Date;
}

export type GiftCardSales = ReturnType<typeof createGiftCardSales>;

/** One unit of a gift card line as the back office sees it: its card once issued (last 4 only, never the code). */
export interface IssuedCard {
  id: string;
  amountMinor: number;
  /** The order's currency: the card's. */
  currency: CurrencyCode;
  to: string;
  sendOn: string | null;
  card: { last4: string; balanceMinor: number; status: GiftCard["status"]; waiting: boolean } | null;
}

/** What the code e-mail of a bought card says: who it is from, the message (plain text) and the code. */
export function boughtCardMail(
  shopName: string,
  publicOrigin: string,
  amount: { minor: number; currency: CurrencyCode },
  code: string,
  delivery: Pick<GiftCardDelivery, "to" | "recipientName" | "fromName" | "message" | "buyerEmail">,
): MailMessage {
  const worth = formatMoneyInText(amount.minor, amount.currency);
  const forSomeoneElse = delivery.to.toLowerCase() !== delivery.buyerEmail.toLowerCase();
  const lines = [
    ...(delivery.recipientName ? [`Hello ${delivery.recipientName},`, ""] : []),
    forSomeoneElse
      ? `${delivery.fromName} sent you a ${shopName} gift card worth ${worth}.`
      : `Here is your ${shopName} gift card worth ${worth}.`,
    "",
    ...(delivery.message ? [`${delivery.fromName} wrote:`, delivery.message, ""] : []),
    `Your code: ${code}`,
    "",
    "Type it in the Gift card field at checkout. It pays up to its balance; the rest is paid by card.",
    `Check its balance at any time: ${publicOrigin}/gift-cards`,
    "",
    "Keep this code safe: whoever has it can spend the card.",
  ];
  return {
    to: delivery.to,
    subject: forSomeoneElse ? `${delivery.fromName} sent you a ${shopName} gift card` : `Your ${shopName} gift card`,
    text: lines.join("\n"),
  };
}

/** The buyer's notice that a card for someone else went, or will go, out (never the code). */
function buyerNotice(shopName: string, order: Order, sent: string[], scheduled: string[]): MailMessage {
  const lines = [
    `About your order ${order.number}:`,
    "",
    ...sent.map((s) => `Sent now: ${s}.`),
    ...scheduled.map((s) => `Scheduled: ${s}.`),
    "",
    "For safety the codes are only in the e-mails that carry them.",
  ];
  return { to: order.email, subject: `Your ${shopName} gift cards are on their way`, text: lines.join("\n") };
}

export function createGiftCardSales(options: GiftCardSalesOptions) {
  const { store, mailer } = options;
  const now = options.now ?? (() => new Date());

  async function send(message: MailMessage, what: string): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      console.error(`${what}: the e-mail could not be sent`, error);
      return false;
    }
  }

  /** Creates one card (a code that is not taken); null when this card was issued already. */
  async function createOnce(
    order: Order,
    lineIndex: number,
    unit: number,
    delivery: (code: string, id: string) => GiftCardDelivery | null,
  ): Promise<{ card: GiftCard; code: string } | null> {
    const line = order.lines[lineIndex];
    const id = boughtCardId(order.id, lineIndex, unit);
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateGiftCardCode();
      const normalised = normaliseGiftCardCode(code)!;
      const at = now().toISOString();
      const card: GiftCard = {
        id,
        codeHash: hashGiftCardCode(normalised),
        last4: lastFourOf(normalised),
        // The line's face value in the order's currency (checkout sells a card only in its own currency).
        currency: order.currency,
        initialMinor: line.unitPriceMinor,
        balanceMinor: line.unitPriceMinor,
        status: "active",
        recipientEmail: line.giftCard?.recipientEmail ?? null,
        message: line.giftCard?.message ?? null,
        source: { kind: "order", orderId: order.id, lineKey: `${lineIndex}:${unit}` },
        delivery: delivery(code, id),
        createdAt: at,
        updatedAt: at,
      };
      const issued: GiftCardLedgerEntry = {
        id: "issued",
        cardId: id,
        kind: "issued",
        amountMinor: card.initialMinor,
        balanceAfterMinor: card.initialMinor,
        currency: card.currency,
        orderId: order.id,
        at,
      };
      const created = await store.giftCards.create(card, issued);
      if (created.ok) return { card, code };
      if (created.reason === "exists") return null;
    }
    throw new Error(`Order ${order.number}: could not find a free gift card code`);
  }

  return {
    /** The cards an order's gift card lines issued, line by line and unit by unit (for the back office). */
    async issuedFor(order: Order): Promise<IssuedCard[]> {
      const wanted = order.lines.flatMap((line, i) =>
        line.giftCard
          ? Array.from({ length: line.quantity }, (_, unit) => ({ line, id: boughtCardId(order.id, i, unit) }))
          : [],
      );
      const cards = await Promise.all(wanted.map((w) => store.giftCards.get(w.id)));
      return wanted.map((w, i) => {
        const card = cards[i];
        return {
          id: w.id,
          amountMinor: w.line.unitPriceMinor,
          currency: order.currency,
          to: w.line.giftCard?.recipientEmail ?? order.email,
          sendOn: w.line.giftCard?.sendOn ?? null,
          card: card
            ? {
                last4: card.last4,
                balanceMinor: card.balanceMinor,
                status: card.status,
                waiting: Boolean(card.delivery),
              }
            : null,
        };
      });
    },

    /**
     * Issue the cards of a paid order's gift card lines, each once, and e-mail what is due today. The
     * buyer hears of cards sent to someone else or scheduled. Answers how many cards this call issued.
     */
    async issueForOrder(order: Order): Promise<number> {
      const sent: string[] = [];
      const scheduled: string[] = [];
      let issued = 0;
      for (const [i, line] of order.lines.entries()) {
        const details = line.giftCard;
        if (!details) continue;
        for (let unit = 0; unit < line.quantity; unit++) {
          const base = {
            to: details.recipientEmail ?? order.email,
            recipientName: details.recipientName,
            fromName: order.address.name,
            buyerEmail: order.email,
            message: details.message,
            orderNumber: order.number,
          };
          const later = !sendsNow(details, now());
          const made = await createOnce(order, i, unit, (code, id) =>
            later ? { ...base, sendOn: details.sendOn!, sealedCode: sealCode(code, id, options.codeKey) } : null,
          );
          if (!made) continue;
          issued += 1;
          const what = `a ${formatMoneyInText(line.unitPriceMinor, order.currency)} gift card (ending ${made.card.last4}) to ${base.to}`;
          if (later) scheduled.push(`${what} on ${details.sendOn}`);
          else {
            const ok = await send(
              boughtCardMail(
                options.shopName,
                options.publicOrigin,
                { minor: line.unitPriceMinor, currency: order.currency },
                made.code,
                base,
              ),
              `Order ${order.number}, gift card ${made.card.last4}`,
            );
            if (details.recipientEmail) sent.push(ok ? what : `${what} (not sent: we will be in touch)`);
          }
        }
      }
      if (sent.length + scheduled.length > 0)
        await send(buyerNotice(options.shopName, order, sent, scheduled), `Order ${order.number}, gift card notice`);
      return issued;
    },

    /**
     * E-mail the codes whose send date has come: each card's e-mail is claimed first, so of instances
     * sweeping at once one sends it; a send that fails is put back for the next sweep. Answers how many went.
     */
    async sendDue(limit = 50): Promise<number> {
      const due = await store.giftCards.dueDeliveries(utcDay(now()), limit);
      let sentCount = 0;
      for (const card of due) {
        const delivery = await store.giftCards.takeDelivery(card.id);
        if (!delivery) continue;
        const code = openCode(delivery.sealedCode, card.id, options.codeKey);
        if (!code) {
          // Sealed under another key (GIFT_CARD_CODE_KEY or SESSION_SECRET changed): trying again cannot help.
          // The operator voids the card and issues a new one to the recipient (docs/operations.md).
          console.error(
            `Gift card ${card.last4} of order ${delivery.orderNumber}: its code cannot be opened (key changed); ` +
              "void it and issue a new card by hand",
          );
          continue;
        }
        const ok = await send(
          boughtCardMail(
            options.shopName,
            options.publicOrigin,
            { minor: card.initialMinor, currency: card.currency },
            code,
            delivery,
          ),
          `Gift card ${card.last4}`,
        );
        if (!ok) {
          await store.giftCards.putBackDelivery(card.id, delivery);
          continue;
        }
        sentCount += 1;
        if (delivery.to.toLowerCase() !== delivery.buyerEmail.toLowerCase())
          await send(
            {
              to: delivery.buyerEmail,
              subject: `Your ${options.shopName} gift card was sent`,
              text:
                `The ${formatMoneyInText(card.initialMinor, card.currency)} gift card of your order ${delivery.orderNumber} ` +
                `(ending ${card.last4}) was e-mailed to ${delivery.to} today.`,
            },
            `Gift card ${card.last4}, buyer notice`,
          );
      }
      return sentCount;
    },
  };
}
