import type { GiftCardLineDetails } from "~/domain/gift-card-product";

/**
 * What a gift card line says of where its code goes: to the buyer, or to a recipient (today or on a
 * date), with the message as plain text. Never the code: it exists only in the e-mail that carries it.
 */
export function GiftCardLineNote({ amount, details }: { amount: string; details: GiftCardLineDetails }) {
  const to = details.recipientEmail
    ? `${details.recipientName ? `${details.recipientName} (${details.recipientEmail})` : details.recipientEmail}`
    : "you";
  const when = details.sendOn ? `on ${details.sendOn}` : "when the order is paid";
  return (
    <div className="text-sm text-stone-600" data-testid="gift-card-line">
      <p>
        Gift card of {amount} · sent by e-mail to {to} {when}
      </p>
      {details.message ? <p className="whitespace-pre-line italic">“{details.message}”</p> : null}
    </div>
  );
}
