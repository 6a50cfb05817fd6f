import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Callout, DataTable, InfoPage, Section } from "~/components/info/InfoPage";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "About us",
    description:
      "The story behind Hemline: carefully chosen fabrics, fair production and a shop that works for everyone — even without JavaScript. How to reach our customer care team.",
  });


const VALUES = [
  {
    id: "fabrics",
    title: "Quality fabrics",
    body: "We start with the fabric, not the trend. Long-staple and certified organic cotton, responsibly sourced wool, linen from European flax, and recycled fibres where they perform as well as new ones. Every fabric is wear-tested and washed before it goes into a collection.",
  },
  {
    id: "production",
    title: "Fair production",
    body: "We work with a small group of manufacturers we know personally, visit them regularly and stay with them season after season. Each is audited against recognised social standards, and we pay for the work at a price that allows fair wages and safe working conditions.",
  },
  {
    id: "accessible",
    title: "Accessible shopping",
    body: "Every page of Hemline works without JavaScript: browsing, search, filters, your shopping bag and checkout are plain, fast web pages. That makes the shop reliable on slow connections and old phones, and friendly to screen readers and keyboard navigation.",
  },
] as const;

export default function About() {
  // The support address is configuration (SUPPORT_EMAIL), shared by the root loader.
  const { supportEmail } = useRootData();
  return (
    <InfoPage
      eyebrow="About Hemline"
      title="Fewer, better clothes"
      lead={
        <p>
          Hemline is an online shop for clothing, shoes and accessories made to be worn for years — in good fabrics,
          made under fair conditions, and sold in a shop that is simple for everyone to use.
        </p>
      }
    >
      <Section id="story" title="Our story">
        <p>
          Hemline started with a wardrobe full of clothes that did not last: t-shirts that twisted after three washes,
          sweaters that pilled in a month, jeans that lost their shape before the season was over. We wanted the
          opposite — pieces you reach for again and again, that still look good after the hundredth wash.
        </p>
        <p>
          So we began with the basics and did them properly. We spent months with mills and workshops choosing yarns,
          weights and finishes, and tested every sample the way you would: wearing it, washing it, wearing it again.
          Only what passed made it into the shop.
        </p>
        <p>
          Today Hemline offers t-shirts, jeans, sweaters, dresses, jackets, shoes and accessories to customers across
          Europe. The collection is deliberately small. We add new pieces when we have made something better, not
          because the calendar says so, and our core styles stay available season after season so you can replace a
          favourite or add a new colour.
        </p>
        <p>
          The name comes from the hemline — the finished edge of a garment. It is a small detail that tells you a lot
          about how something was made. We think the details are what make clothes worth keeping.
        </p>
      </Section>

      <Section id="values" title="What we stand for">
        <div className="grid gap-6 sm:grid-cols-3">
          {VALUES.map((value) => (
            <div key={value.id} id={value.id} className="scroll-mt-24 rounded-xl border border-stone-200 p-6">
              <h3 className="font-serif text-xl text-stone-900">{value.title}</h3>
              <p className="mt-3 text-sm leading-6 text-stone-600">{value.body}</p>
            </div>
          ))}
        </div>
        <h3>Made to last, and to be looked after</h3>
        <p>
          Good clothes last longest when they are cared for well. Our <Link to="/care-guide">care guide</Link>{" "}
          explains how to wash, dry, iron and store every material we use, and our{" "}
          <Link to="/size-guide">size guide</Link> helps you choose the right fit the first time — the most
          sustainable order is the one you never need to send back.
        </p>
        <h3>A shop for everyone</h3>
        <p>
          Accessibility is part of how we build Hemline, not an afterthought. We design to the Web Content
          Accessibility Guidelines (WCAG) 2.2 at level AA, in line with the European Accessibility Act: clear contrast,
          visible focus, text alternatives for product images and forms that work with assistive technology. If
          something does not work for you, please tell us — we treat accessibility problems as bugs and fix them.
        </p>
      </Section>

      <Section id="promises" title="Our promises to you">
        <ul>
          <li>
            <strong>Free standard delivery</strong> on orders of €75 or more, to all EU countries, the UK, Switzerland
            and Norway — see <Link to="/shipping">shipping</Link>.
          </li>
          <li>
            <strong>30 days to change your mind</strong>, with free returns and exchanges — see{" "}
            <Link to="/returns">returns &amp; exchanges</Link>.
          </li>
          <li>
            <strong>Honest prices in euros</strong>, including VAT, with no surprises at checkout — see our{" "}
            <Link to="/terms">terms of sale</Link>.
          </li>
          <li>
            <strong>Your data stays yours</strong>: no advertising cookies, no selling of data — see our{" "}
            <Link to="/privacy">privacy policy</Link>.
          </li>
        </ul>
      </Section>

      <Section id="contact" title="Contact us">
        <p>
          Our customer care team answers every message personally. Whether you have a question about sizing, an
          order, a return or anything else, write to us at{" "}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <DataTable
          caption="When you can expect an answer from customer care"
          columns={["You write to us", "We reply"]}
          rows={[
            { header: "Monday–Friday, 9:00–18:00 CET", cells: ["Usually within a few hours, always within 1 working day"] },
            { header: "Evenings, weekends and public holidays", cells: ["On the next working day"] },
            { header: "Privacy and data requests", cells: ["Within 1 month, as the GDPR requires — usually much sooner"] },
          ]}
        />
        <h3>Help us help you faster</h3>
        <ul>
          <li>
            Include your <strong>order number</strong> (it is in your order confirmation e-mail) and the e-mail
            address you ordered with.
          </li>
          <li>For a faulty or damaged item, attach a photo of the problem and of the care label.</li>
          <li>For sizing advice, tell us the item and your measurements (see how to measure in our size guide).</li>
        </ul>
        <Callout title="Before you write">
          <p>
            Many answers are already here: <Link to="/shipping">delivery times and costs</Link>,{" "}
            <Link to="/returns">how to return or exchange</Link>, <Link to="/size-guide">size guide</Link> and{" "}
            <Link to="/care-guide">care guide</Link>.
          </p>
        </Callout>
      </Section>
    </InfoPage>
  );
}
