import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import {
  Callout,
  DataTable,
  FactGrid,
  InfoPage,
  Section,
  Steps,
  TableOfContents,
} from "~/components/info/InfoPage";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Returns & exchanges",
    description:
      "Free returns and size exchanges within 30 days at Hemline. How to start a return, when you get your refund, and the few items we cannot take back.",
  });


export default function Returns() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Returns & exchanges"
      lead={
        <p>
          Not quite right? You have <strong>30 days</strong> from delivery to send items back, free of charge, for a
          refund or a different size. That is more than twice the 14 days the law requires — take your time.
        </p>
      }
    >
      <FactGrid
        facts={[
          { label: "Return window", value: "30 days", detail: "From the day your order is delivered" },
          { label: "Return shipping", value: "Free", detail: "Prepaid label from all countries we deliver to" },
          { label: "Refund", value: "Within 5 working days", detail: "Of your return reaching our warehouse" },
          { label: "Size exchanges", value: "Free", detail: "We send the new size at no extra cost" },
        ]}
      />

      <TableOfContents
        items={[
          { href: "#conditions", label: "What you can return" },
          { href: "#how-to-return", label: "How to start a return" },
          { href: "#refunds", label: "Refunds" },
          { href: "#exchanges", label: "Exchanges" },
          { href: "#exceptions", label: "Items we cannot take back" },
          { href: "#faulty", label: "Faulty or damaged items" },
        ]}
      />

      <Section id="conditions" title="What you can return">
        <p>
          You can return any item bought from Hemline within 30 days of delivery, for any reason, as long as it comes
          back in the condition you received it:
        </p>
        <ul>
          <li>unworn, unwashed and free of perfume, deodorant, make-up and pet hair;</li>
          <li>with all original labels and tags still attached;</li>
          <li>shoes tried on indoors only, on a clean, soft surface, and returned in their shoebox — please put the
            box inside another bag or box rather than sticking the label on it;</li>
          <li>bags and accessories with their dust bag, card and any protective film.</li>
        </ul>
        <p>
          Of course you may try things on as you would in a shop. If an item comes back worn or damaged beyond what is
          needed to check it, we may reduce your refund by the loss in value, or return the item to you. We always
          contact you before we do either.
        </p>
        <Callout title="Your legal right of withdrawal">
          <p>
            Our 30-day returns promise is in addition to your statutory right to withdraw from your purchase within 14
            days of delivery without giving a reason. It does not limit that right in any way. The details are in
            our <Link to="/terms#withdrawal">terms of sale</Link>.
          </p>
        </Callout>
      </Section>

      <Section id="how-to-return" title="How to start a return">
        <Steps
          steps={[
            {
              title: "Tell us what you are sending back",
              body: (
                <p>
                  Contact <Link to="/about#contact">our customer care team</Link> with your order number, the items you
                  are returning and whether you would like a refund or a different size. A short reason helps us
                  improve, but is optional.
                </p>
              ),
            },
            {
              title: "Get your free return label",
              body: (
                <p>
                  Within one working day we e-mail you a prepaid return label, or a QR code you can show at the drop-off
                  point, for a carrier near you.
                </p>
              ),
            },
            {
              title: "Pack and drop off",
              body: (
                <p>
                  Pack the items securely — the original packaging is ideal — attach the label and take the parcel to
                  any drop-off point of the carrier named on it. Keep the receipt until your refund arrives.
                </p>
              ),
            },
            {
              title: "We check and refund",
              body: (
                <p>
                  When your return reaches our warehouse, we check it and send you an e-mail confirming your refund or
                  exchange.
                </p>
              ),
            },
          ]}
        />
        <p>
          Returning from the United Kingdom, Switzerland or Norway? The label is free too; we include the customs
          paperwork with it. Please return all items of an order in one parcel if you can.
        </p>
      </Section>

      <Section id="refunds" title="Refunds">
        <p>
          We refund you within 5 working days of your return arriving at our warehouse, and never later than 14 days
          after you told us you were returning the items. Refunds go back to the payment method you used for the
          order; we cannot refund to a different card or account.
        </p>
        <DataTable
          caption="How long it takes for a refund to show in your account after we issue it"
          columns={["Payment method", "Typical time after we refund"]}
          rows={[
            { header: "Debit or credit card", cells: ["3–5 working days, up to 10 depending on your bank"] },
            { header: "Other payment methods", cells: ["Usually 1–5 working days, depending on the provider"] },
          ]}
        />
        <ul>
          <li>
            <strong>Delivery costs:</strong> if you return your whole order within 14 days of delivery, we also
            refund the original standard delivery cost. The extra you paid for express delivery is not refunded.
          </li>
          <li>
            <strong>Import charges</strong> paid on delivery outside the EU are collected by the authorities, not by
            us; the carrier or your customs authority may refund them on proof of return.
          </li>
        </ul>
      </Section>

      <Section id="exchanges" title="Exchanges">
        <p>
          Need a different size? Ask for an exchange when you start your return. We send the new size free of charge
          as soon as the carrier scans your return parcel — you do not have to wait for it to reach us.
        </p>
        <p>
          If the size you want has sold out in the meantime, we refund the item instead. For a different colour or a
          different item, return the original for a refund and place a new order; that way you can be sure of
          getting the piece before it sells out.
        </p>
        <p>
          Not sure which size to choose? Our <Link to="/size-guide">size guide</Link> has measurements for every
          category.
        </p>
      </Section>

      <Section id="exceptions" title="Items we cannot take back">
        <p>
          For reasons of hygiene and health protection, <strong>earrings</strong> cannot be returned once the
          hygiene seal or sticker has been removed or the packaging opened. Sealed, unopened earrings can be returned
          as normal.
        </p>
        <p>This exception does not apply if the item is faulty — see below.</p>
      </Section>

      <Section id="faulty" title="Faulty or damaged items">
        <p>
          If something arrives damaged, is not what you ordered, or develops a fault, you are covered by the legal
          guarantee of conformity for two years from delivery — well beyond the 30-day returns period. Contact{" "}
          <Link to="/about#contact">our customer care team</Link> with your order number and a photo of the problem.
          We will arrange free collection or a free label and offer a repair, a replacement or a full refund, including
          all delivery costs.
        </p>
        <p>
          Please follow the care instructions on the label and in our <Link to="/care-guide">care guide</Link>: damage
          caused by washing at the wrong temperature or normal wear and tear is not a fault.
        </p>
      </Section>
    </InfoPage>
  );
}
