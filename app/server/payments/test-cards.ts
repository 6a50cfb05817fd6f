import type { DeclineCode } from "./port";

// Stripe's documented test card numbers, with the outcome each has in Stripe's test mode
// (https://docs.stripe.com/testing). The built-in processor behaves the same, so a shop can
// switch to Stripe without its testers learning new numbers.

export interface TestCard {
  number: string;
  brand: string;
  outcome: "succeeds" | DeclineCode;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "Visa", outcome: "succeeds", description: "Succeeds" },
  { number: "5555555555554444", brand: "Mastercard", outcome: "succeeds", description: "Succeeds" },
  { number: "378282246310005", brand: "American Express", outcome: "succeeds", description: "Succeeds" },
  { number: "4000000000000002", brand: "Visa", outcome: "card_declined", description: "Declined" },
  {
    number: "4000000000009995",
    brand: "Visa",
    outcome: "insufficient_funds",
    description: "Declined: insufficient funds",
  },
  { number: "4000000000000069", brand: "Visa", outcome: "expired_card", description: "Declined: expired card" },
  { number: "4000000000000127", brand: "Visa", outcome: "incorrect_cvc", description: "Declined: incorrect CVC" },
  { number: "4000000000000119", brand: "Visa", outcome: "processing_error", description: "Processing error" },
];

/** The shopper-facing message for each decline, worded as Stripe words them. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: "Your card number is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
};

export function brandOf(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "Mastercard";
  if (/^3[47]/.test(number)) return "American Express";
  return "Card";
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
