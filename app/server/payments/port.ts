import type { Order, PaymentRecord } from "~/domain/commerce";

// The payments port. Two shapes of processor exist: one that takes card details on our own
// form (the built-in test processor) and one that sends the shopper to a hosted page and
// confirms by webhook (Stripe Checkout). Both work without client JavaScript.

export interface CardDetails {
  /** Digits only. Never stored or logged: only brand and last four leave the processor. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export type DeclineCode =
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  | "incorrect_number"
  | "processing_error";

export type ChargeResult =
  | {
      ok: true;
      reference: string;
      brand: string;
      last4: string;
      /** What was charged, in the currency's minor units (the test card processor keeps it with its answer). */
      charged?: { amountMinor: number; currency: string };
    }
  | { ok: false; code: DeclineCode; message: string; brand: string; last4: string };

export type RefundOutcome = { ok: true; reference: string } | { ok: false; message: string };

/** Every processor gives money back the same way. */
export interface RefundingProcessor {
  /**
   * Refund `amountMinor` of the payment. The same idempotency key never refunds twice (a retried
   * form). A refusal is { ok: false } with the processor's message; nothing was refunded then.
   */
  refund(payment: PaymentRecord, amountMinor: number, idempotencyKey: string): Promise<RefundOutcome>;
}

/**
 * What the processor knows of one payment attempt, asked when the shop does not know (its process
 * died between the charge and recording it, or the webhook has not come): charged, refused, or
 * nothing known yet (not charged, still open, or the processor cannot say now).
 */
export type PaymentCheck =
  | { state: "succeeded"; reference: string; brand: string | null; last4: string | null }
  | { state: "failed"; message: string; brand: string | null; last4: string | null }
  | { state: "unknown" };

/** Every processor can be asked about an attempt: by the charge's idempotency key, or the hosted page's reference. */
export interface PaymentChecker {
  checkPayment(attempt: { idempotencyKey: string; reference: string | null }): Promise<PaymentCheck>;
}

export interface CardFormProcessor extends RefundingProcessor, PaymentChecker {
  readonly id: "test-card";
  readonly kind: "card-form";
  readonly label: string;
  charge(input: {
    amountMinor: number;
    currency: string;
    card: CardDetails;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
}

/** What a verified webhook means for an order. */
export type PaymentEvent =
  | { type: "paid"; orderId: string; reference: string }
  | { type: "expired"; orderId: string; reference: string }
  | { type: "ignored"; eventType: string };

export interface HostedCheckoutProcessor extends RefundingProcessor, PaymentChecker {
  readonly id: "stripe";
  readonly kind: "hosted";
  readonly label: string;
  /** A hosted payment page for the order; the shopper is redirected (303) to `url`. */
  startCheckout(input: {
    order: Order;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; reference: string }>;
  /** Verifies the signature of a webhook body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: string, signature: string | null): PaymentEvent;
}

export type PaymentProcessor = CardFormProcessor | HostedCheckoutProcessor;

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature does not match") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
