import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Callout, InfoPage, Section, SubSection, TableOfContents } from "~/components/info/InfoPage";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Terms of sale",
    description:
      "Hemline's terms of sale: how ordering works, prices and VAT, payment, delivery, your 14-day right of withdrawal under EU law, the legal guarantee, liability and governing law.",
  });


export default function Terms() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Terms of sale"
      updated="November 2026"
      lead={
        <p>
          These terms apply to every order placed in the Hemline online shop. We have tried to write them in plain
          language. Nothing in them limits the rights you have as a consumer under the law of the European Union or
          of the country where you live.
        </p>
      }
    >
      <TableOfContents
        items={[
          { href: "#scope", label: "1. Who we are and scope" },
          { href: "#ordering", label: "2. Ordering and the contract" },
          { href: "#prices", label: "3. Prices and VAT" },
          { href: "#payment", label: "4. Payment" },
          { href: "#delivery", label: "5. Delivery" },
          { href: "#withdrawal", label: "6. Right of withdrawal" },
          { href: "#returns", label: "7. Our 30-day returns promise" },
          { href: "#warranty", label: "8. Legal guarantee" },
          { href: "#liability", label: "9. Liability" },
          { href: "#law", label: "10. Governing law and disputes" },
          { href: "#changes", label: "11. Changes to these terms" },
        ]}
      />

      <Section id="scope" title="1. Who we are and scope">
        <p>
          The Hemline online shop (“Hemline”, “we”, “us”) sells clothing, shoes and accessories to consumers. Our
          full company name, registered address, company registration number and VAT number are available from{" "}
          <Link to="/about#contact">our customer care team</Link>, whom you can reach at any time.
        </p>
        <p>
          These terms apply to purchases made by consumers — people buying for purposes outside their trade, business
          or profession. To place an order you must be at least 18 years old, or have the consent of a parent or
          guardian. We sell in quantities usual for personal use and do not sell for resale.
        </p>
      </Section>

      <Section id="ordering" title="2. Ordering and the contract">
        <ol>
          <li>
            The products shown in our shop are an invitation to you to make an offer; they are not yet a binding
            offer from us.
          </li>
          <li>
            Add items to your bag and go to checkout. Before you place the order you can review and correct all
            details — items, sizes, quantities, delivery address and delivery option — and you see the total price
            including VAT and delivery costs.
          </li>
          <li>
            By clicking the button “Place order” (or a button with similar wording indicating an obligation to pay)
            you make a binding offer to buy the items in your bag.
          </li>
          <li>
            We then send you an e-mail confirming that we have received your order and your payment, with a link to
            your order page. This confirmation is not yet an acceptance of your offer. The contract is concluded when
            we dispatch the goods; your order page then shows the order as shipped, with the parcel's tracking number.
          </li>
          <li>
            If we cannot accept your order — for example because an item has sold out or contains an obvious pricing
            error — we tell you without delay and refund any amount already paid in full.
          </li>
        </ol>
        <p>
          The contract is concluded in English. We keep a record of your order and send you its details by e-mail;
          the current version of these terms is on this page at any time.
        </p>
      </Section>

      <Section id="prices" title="3. Prices and VAT">
        <ul>
          <li>All prices are in euros (EUR) and are the prices shown at the time you place your order.</li>
          <li>Prices include VAT. The total shown at checkout, before you pay, is the total you pay.</li>
          <li>
            Delivery costs are shown separately at checkout and in our <Link to="/shipping">shipping information</Link>.
            Standard delivery is free on orders of €75 or more.
          </li>
          <li>
            For deliveries to the United Kingdom, Switzerland and Norway, import VAT, customs duties and clearance fees
            may be charged by the authorities or the carrier, as explained on the shipping page.
          </li>
          <li>
            Where an item is reduced, we show the lowest price we charged in the 30 days before the reduction as the
            reference price, in line with the EU Price Indication Directive.
          </li>
        </ul>
      </Section>

      <Section id="payment" title="4. Payment">
        <p>
          You can pay with the payment methods offered at checkout. Card payments are processed by our payment
          service provider using strong customer authentication; we never see or store your full card number.
        </p>
        <p>
          The amount is collected when you place your order. If your payment does not go through, we do not
          dispatch the order.
        </p>
      </Section>

      <Section id="delivery" title="5. Delivery">
        <p>
          We deliver to the countries listed on our <Link to="/shipping">shipping page</Link>, with the delivery
          options, times and costs shown there and at checkout. Delivery times are estimates; unless agreed otherwise,
          we deliver at the latest within 30 days of the contract being concluded.
        </p>
        <p>
          The risk of loss of or damage to the goods passes to you only when you, or a person you have named, take
          physical possession of them. If an item turns out to be unavailable after all, we inform you without delay
          and refund any amount you have paid for it.
        </p>
      </Section>

      <Section id="withdrawal" title="6. Right of withdrawal">
        <p>
          As a consumer in the EU you have the right to withdraw from this contract within 14 days without giving any
          reason. The information below follows the EU model instructions on withdrawal (Directive 2011/83/EU).
        </p>
        <SubSection title="Withdrawal period">
          <p>
            The withdrawal period expires 14 days after the day on which you, or a third party other than the carrier
            indicated by you, take physical possession of the goods. If you ordered several items that are delivered
            separately, the period expires 14 days after you take possession of the last item.
          </p>
        </SubSection>
        <SubSection title="How to withdraw">
          <p>
            To exercise the right of withdrawal, you must inform us of your decision to withdraw from this contract by
            an unequivocal statement — for example an e-mail or a letter to{" "}
            <Link to="/about#contact">our customer care team</Link>. You may use the model withdrawal form below, but
            it is not obligatory. To meet the withdrawal deadline, it is sufficient to send your communication before
            the withdrawal period has expired.
          </p>
        </SubSection>
        <SubSection title="Effects of withdrawal">
          <p>
            If you withdraw from this contract, we will reimburse all payments received from you, including the costs
            of delivery (with the exception of the supplementary costs resulting from your choice of a type of
            delivery other than the least expensive standard delivery offered by us), without undue delay and in any
            event not later than 14 days from the day on which we are informed about your decision to withdraw. We
            will make the reimbursement using the same means of payment as you used for the initial transaction,
            unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of the
            reimbursement.
          </p>
          <p>
            We may withhold reimbursement until we have received the goods back or you have supplied evidence of
            having sent back the goods, whichever is the earliest.
          </p>
          <p>
            You shall send back the goods without undue delay and in any event not later than 14 days from the day on
            which you communicate your withdrawal from this contract to us. The deadline is met if you send back the
            goods before the period of 14 days has expired. <strong>We bear the cost of returning the goods</strong>{" "}
            and provide a prepaid return label.
          </p>
          <p>
            You are only liable for any diminished value of the goods resulting from handling other than what is
            necessary to establish the nature, characteristics and functioning of the goods.
          </p>
        </SubSection>
        <SubSection title="Exceptions">
          <p>The right of withdrawal does not apply to:</p>
          <ul>
            <li>
              sealed goods which are not suitable for return due to health protection or hygiene reasons and which
              were unsealed after delivery — in particular earrings whose hygiene seal has been removed.
            </li>
          </ul>
        </SubSection>
        <SubSection title="Model withdrawal form">
          <p>(Complete and return this form only if you wish to withdraw from the contract.)</p>
          <div className="mt-4 rounded-xl border border-dashed border-stone-300 px-5 py-4 text-sm leading-7 text-stone-700">
            <p>To: Hemline customer care (contact details as shown on your order confirmation)</p>
            <ul className="mt-3 list-none space-y-1">
              <li>— I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*):</li>
              <li>— Ordered on (*) / received on (*):</li>
              <li>— Order number:</li>
              <li>— Name of consumer(s):</li>
              <li>— Address of consumer(s):</li>
              <li>— Signature of consumer(s) (only if this form is notified on paper):</li>
              <li>— Date:</li>
            </ul>
            <p className="mt-3 text-stone-500">(*) Delete as appropriate.</p>
          </div>
        </SubSection>
      </Section>

      <Section id="returns" title="7. Our 30-day returns promise">
        <p>
          In addition to your statutory right of withdrawal, we offer free returns within 30 days of delivery for
          unworn items with their labels attached, as described on our{" "}
          <Link to="/returns">returns &amp; exchanges page</Link>. This voluntary promise does not restrict your
          statutory right of withdrawal or your rights under the legal guarantee.
        </p>
      </Section>

      <Section id="warranty" title="8. Legal guarantee">
        <p>
          You have the statutory rights of a consumer if goods are not in conformity with the contract — for example if
          they are faulty, damaged or not as described. The legal guarantee lasts at least two years from delivery
          (longer where the law of your country provides for it).
        </p>
        <ul>
          <li>
            You may first ask us to repair or replace the item, free of charge. If that is impossible, disproportionate
            or not done within a reasonable time, you may ask for a price reduction or end the contract and receive a
            full refund.
          </li>
          <li>
            A lack of conformity that becomes apparent within one year of delivery (two years in some countries) is
            presumed to have existed at delivery, unless that is incompatible with the nature of the goods.
          </li>
          <li>
            Normal wear and tear, and damage caused by ignoring the care instructions, are not a lack of conformity.
            Our <Link to="/care-guide">care guide</Link> explains how to look after each material.
          </li>
        </ul>
        <p>
          To make a claim, contact <Link to="/about#contact">our customer care team</Link> with your order number and a
          description or photo of the problem. We cover the costs of sending a faulty item back to us.
        </p>
      </Section>

      <Section id="liability" title="9. Liability">
        <p>
          We are liable without limitation for damage caused intentionally or by gross negligence, for injury to life,
          body or health, and under mandatory product liability law. For damage caused by slight negligence we are
          liable only where we breach an obligation that is essential for the proper performance of the contract and
          on which you may regularly rely; in that case our liability is limited to the damage typically foreseeable
          when the contract was concluded.
        </p>
        <p>
          Nothing in these terms excludes or limits our liability where the law does not allow it, nor your rights
          under the legal guarantee.
        </p>
      </Section>

      <Section id="law" title="10. Governing law and disputes">
        <p>
          These terms and every contract concluded under them are governed by the law of the country in which Hemline
          is established, excluding the UN Convention on Contracts for the International Sale of Goods (CISG). If you
          live in another country, this choice of law does not deprive you of the protection given to you by the
          mandatory provisions of the law of your country of habitual residence.
        </p>
        <p>
          If something goes wrong, please contact <Link to="/about#contact">our customer care team</Link> first — we
          will do our best to find a solution. If we cannot agree, you can ask the European Consumer Centre in your
          country (part of the ECC-Net network) for free help with a cross-border dispute, or bring a claim before the
          courts of the country where you live.
        </p>
      </Section>

      <Section id="changes" title="11. Changes to these terms">
        <p>
          We may update these terms from time to time, for example when the law changes. The version that applies to
          your order is the one in force when you placed it.
        </p>
        <Callout>
          <p>
            Questions about these terms? <Link to="/about#contact">Our customer care team</Link> is happy to explain.
            How we handle your personal data is described in our <Link to="/privacy">privacy policy</Link>.
          </p>
        </Callout>
      </Section>
    </InfoPage>
  );
}
