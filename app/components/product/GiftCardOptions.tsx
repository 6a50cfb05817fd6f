import { QuantityInput } from "./QuantityInput";
import { AddToCartForm, useAdding, type AddToCartFailure } from "./AddToCartForm";
import { GIFT_CARD_LINE_LIMITS } from "~/domain/gift-card-product";

const AMOUNT_CLASS = [
  "flex items-center justify-center rounded-md border border-stone-300 px-2 py-2 text-sm",
  "peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white",
  "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2",
  "peer-focus-visible:outline-stone-900",
].join(" ");

interface Props {
  productId: string;
  /** The product's one colour (gift cards have no colour choice; the cart line names it). */
  colour: string;
  /** The amounts, as the sizes show them ("€25"), in the owner's order. */
  amounts: string[];
  /** The server's answer to the last add (no amount chosen, a bad e-mail or date), and what was sent. */
  failure: AddToCartFailure | null;
  sent: Partial<Record<"size" | "recipientName" | "recipientEmail" | "message" | "sendOn", string>>;
  /** Today (UTC), the earliest send date. */
  today: string;
  /** A year ahead, the latest. */
  lastSendDay: string;
}

/**
 * A gift card's add-to-cart form: an amount instead of a size, and who it is for (all optional). The
 * browser's own checks (e-mail, date bounds, lengths) help; the server checks the same and answers here.
 */
export function GiftCardOptions({ productId, colour, amounts, failure, sent, today, lastSendDay }: Props) {
  const adding = useAdding();
  const describedBy = (field: string) => (failure?.field === field ? "add-to-cart-error" : undefined);
  return (
    <AddToCartForm productId={productId} colour={colour} failure={failure}>
      <fieldset>
        <legend className="text-sm font-semibold">Choose an amount</legend>
        <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
          {amounts.map((amount) => (
            <label key={amount} className="cursor-pointer">
              <input
                type="radio"
                name="size"
                value={amount}
                required
                defaultChecked={sent.size === amount || amounts.length === 1}
                className="peer sr-only"
              />
              <span className={AMOUNT_CLASS}>{amount}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Send it to someone (optional)</legend>
        <p className="text-sm text-stone-600">
          Leave these empty and the code comes to you. With a recipient, we e-mail them the code with your name and
          message, today or on the date you choose, and tell you when it is sent.
        </p>
        <label className="block text-sm">
          Recipient&apos;s name
          <input
            name="recipientName"
            maxLength={GIFT_CARD_LINE_LIMITS.name}
            defaultValue={sent.recipientName}
            aria-describedby={describedBy("recipientName")}
            className="input mt-1 w-full"
          />
        </label>
        <label className="block text-sm">
          Recipient&apos;s e-mail
          <input
            type="email"
            name="recipientEmail"
            maxLength={GIFT_CARD_LINE_LIMITS.email}
            defaultValue={sent.recipientEmail}
            aria-describedby={describedBy("recipientEmail")}
            className="input mt-1 w-full"
          />
        </label>
        <label className="block text-sm">
          Message
          <textarea
            name="message"
            rows={3}
            maxLength={GIFT_CARD_LINE_LIMITS.message}
            defaultValue={sent.message}
            aria-describedby={describedBy("message")}
            className="input mt-1 w-full"
          />
          <span className="text-xs text-stone-500">Up to {GIFT_CARD_LINE_LIMITS.message} characters.</span>
        </label>
        <label className="block text-sm">
          Send date
          <input
            type="date"
            name="sendOn"
            min={today}
            max={lastSendDay}
            defaultValue={sent.sendOn}
            aria-describedby={describedBy("sendOn")}
            className="input mt-1"
          />
          <span className="block text-xs text-stone-500">Empty: as soon as you have paid.</span>
        </label>
      </fieldset>

      <div className="flex items-end gap-3">
        <QuantityInput />
        <button type="submit" className="btn-primary flex-1" disabled={adding}>
          {adding ? "Adding…" : "Add to cart"}
        </button>
      </div>
    </AddToCartForm>
  );
}
