import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import {
  Callout,
  ColumnList,
  DataTable,
  FactGrid,
  InfoPage,
  Section,
  SubSection,
  TableOfContents,
} from "~/components/info/InfoPage";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";

// Delivery prices in cents, as everywhere else in the shop.
const STANDARD_MINOR = 495;
const EXPRESS_MINOR = 995;
const FREE_STANDARD_FROM_MINOR = 7500;

const standard = formatMoney(STANDARD_MINOR);
const express = formatMoney(EXPRESS_MINOR);
const freeFrom = formatMoney(FREE_STANDARD_FROM_MINOR);

const EU_COUNTRIES = [
  "Austria",
  "Belgium",
  "Bulgaria",
  "Croatia",
  "Cyprus",
  "Czechia",
  "Denmark",
  "Estonia",
  "Finland",
  "France",
  "Germany",
  "Greece",
  "Hungary",
  "Ireland",
  "Italy",
  "Latvia",
  "Lithuania",
  "Luxembourg",
  "Malta",
  "Netherlands",
  "Poland",
  "Portugal",
  "Romania",
  "Slovakia",
  "Slovenia",
  "Spain",
  "Sweden",
] as const;

const OTHER_COUNTRIES = ["Norway", "Switzerland", "United Kingdom"] as const;

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Shipping & delivery",
    description: `Hemline delivers to all 27 EU countries, the UK, Switzerland and Norway. Standard delivery in 3–5 working days for ${standard}, free from ${freeFrom}; express in 1–2 working days for ${express}.`,
  });


export default function Shipping() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Shipping & delivery"
      lead={
        <p>
          We pack every order by hand in our European warehouse and send it with tracked delivery to 30 countries.
          Here is everything you need to know about delivery times, costs and following your parcel.
        </p>
      }
    >
      <FactGrid
        facts={[
          { label: "Standard delivery", value: standard, detail: "3–5 working days, tracked" },
          { label: "Free standard delivery", value: `From ${freeFrom}`, detail: "On every order of that value or more" },
          { label: "Express delivery", value: express, detail: "1–2 working days, tracked" },
          { label: "Same-day dispatch", value: "Before 14:00", detail: "Central European Time, Monday to Friday" },
        ]}
      />

      <TableOfContents
        items={[
          { href: "#options", label: "Delivery options and costs" },
          { href: "#countries", label: "Where we deliver" },
          { href: "#cut-off", label: "Order cut-off times" },
          { href: "#tracking", label: "Tracking your order" },
          { href: "#duties", label: "Duties and taxes outside the EU" },
          { href: "#problems", label: "Late, damaged or missing parcels" },
        ]}
      />

      <Section id="options" title="Delivery options and costs">
        <p>
          You choose your delivery option at checkout, where the delivery cost is shown before you pay. The same
          prices apply to every country we deliver to.
        </p>
        <DataTable
          caption="Delivery options, delivery times and prices"
          columns={["Service", "Delivery time", "Price", "Free delivery"]}
          rows={[
            { header: "Standard", cells: ["3–5 working days", standard, `On orders of ${freeFrom} or more`] },
            { header: "Express", cells: ["1–2 working days", express, "—"] },
          ]}
        />
        <ul>
          <li>
            Delivery times are counted in working days (Monday to Friday, excluding public holidays) from the day
            your order is dispatched.
          </li>
          <li>
            The free-delivery threshold applies to the value of the items in your order, at the prices you pay for
            them (sale prices included), before delivery costs.
          </li>
          <li>
            Delivery to the United Kingdom, Switzerland and Norway can take one to two working days longer because
            parcels pass through customs.
          </li>
          <li>
            Your order is sent in one parcel, with one tracking number. You never pay more than the delivery cost
            shown at checkout.
          </li>
        </ul>
        <p>
          We pack in recycled cardboard boxes and paper mailers, without plastic fillers, and reuse our suppliers'
          packaging wherever we can.
        </p>
      </Section>

      <Section id="countries" title="Where we deliver">
        <p>We deliver to all 27 member states of the European Union:</p>
        <ColumnList items={EU_COUNTRIES} label="EU countries we deliver to" />
        <p>…and, outside the EU, to:</p>
        <ColumnList items={OTHER_COUNTRIES} label="Countries outside the EU we deliver to" />
        <p>
          We are not able to deliver to territories outside the EU customs and VAT area — such as the Canary Islands,
          Ceuta and Melilla, the Channel Islands, Gibraltar, Greenland, the Faroe Islands and the French overseas
          departments — or to PO boxes. Deliveries to small islands and remote mountain areas may take one or two
          extra days.
        </p>
      </Section>

      <Section id="cut-off" title="Order cut-off times">
        <p>
          Orders placed before the cut-off time on a working day leave our warehouse the same day. All times are
          Central European Time (CET in winter, CEST in summer).
        </p>
        <DataTable
          caption="Dispatch times by the day and time you order"
          columns={["You order", "Standard dispatch", "Express dispatch"]}
          rows={[
            { header: "Mon–Fri before 14:00", cells: ["Same day", "Same day"] },
            { header: "Mon–Thu after 14:00", cells: ["Next working day", "Next working day"] },
            { header: "Fri after 14:00, Sat or Sun", cells: ["Monday", "Monday"] },
            { header: "Public holiday", cells: ["Next working day", "Next working day"] },
          ]}
        />
        <p>
          Example: an express order placed on Tuesday at 11:00 is dispatched that afternoon and usually arrives on
          Wednesday, and at the latest on Thursday.
        </p>
        <Callout title="Busy periods">
          <p>
            During sales and in the weeks before Christmas, dispatch can take up to one extra working day. From early
            December, we publish our last recommended order dates for Christmas delivery on this page.
          </p>
        </Callout>
      </Section>

      <Section id="tracking" title="Tracking your order">
        <p>
          As soon as your parcel leaves our warehouse, your order page shows the order as shipped, with the carrier's
          tracking number. The link to your order page is in your order confirmation e-mail, and if you have an
          account, every order is in your order history. It can take a few hours before the carrier shows the first
          scan.
        </p>
        <ul>
          <li>
            With the tracking number, the carrier's website usually lets you choose a delivery day, redirect the
            parcel to a neighbour or a pick-up point, or leave delivery instructions.
          </li>
          <li>
            If nobody is home, the carrier leaves a notice and either tries again or takes the parcel to a nearby
            pick-up point, where it is kept for at least seven days.
          </li>
          <li>
            Parcels that are not collected come back to us. We will contact you and either send the order again or
            refund it.
          </li>
        </ul>
        <p>
          No order confirmation e-mail? Check your spam folder first, then contact{" "}
          <Link to="/about#contact">our customer care team</Link> with the e-mail address you ordered with.
        </p>
      </Section>

      <Section id="duties" title="Duties and taxes outside the EU">
        <p>
          Prices for delivery within the EU include VAT and there is nothing more to pay on delivery. For orders to
          the United Kingdom, Switzerland and Norway:
        </p>
        <SubSection title="United Kingdom">
          <p>
            For orders with a value of up to £135, we charge UK VAT at checkout, so there is nothing to pay on
            delivery. For higher-value orders, UK import VAT and any customs duty are charged by the carrier before
            delivery.
          </p>
        </SubSection>
        <SubSection title="Switzerland and Norway">
          <p>
            Local import VAT, any customs duties and the carrier's clearance fee are charged by the carrier before or
            on delivery. The amount depends on your order value and the rules of your country.
          </p>
        </SubSection>
        <p>
          Import charges are set by the authorities in your country, so we cannot refund them. If you return an
          order, you may be able to reclaim them from the carrier or your customs authority.
        </p>
      </Section>

      <Section id="problems" title="Late, damaged or missing parcels">
        <p>
          Your order travels at our risk until it is in your hands. If your parcel has not arrived two working days
          after the latest expected delivery date, if the tracking has not moved for several days, or if it arrives
          damaged, please contact <Link to="/about#contact">our customer care team</Link>. We will open an
          investigation with the carrier and, if the parcel is lost, send a replacement or refund you in full —
          whichever you prefer.
        </p>
        <p>
          If the outer packaging is visibly damaged on delivery, it helps to take a photo before you open it. Changed
          your mind after delivery? See <Link to="/returns">returns &amp; exchanges</Link>.
        </p>
      </Section>
    </InfoPage>
  );
}
