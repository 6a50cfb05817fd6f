import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import {
  BackToContents,
  Callout,
  DataTable,
  InfoPage,
  Section,
  SubSection,
  TableOfContents,
} from "~/components/info/InfoPage";
import { CATEGORIES } from "~/lib/categories";
import { SIZE_GUIDE } from "~/lib/size-guide-data";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Size guide",
    description:
      "Find your size at Hemline: measurement tables in centimetres for t-shirts, jeans, sweaters, dresses, jackets, shoes and belts, with EU, UK and US conversions and how to measure yourself.",
  });


export default function SizeGuide() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Size guide"
      lead={
        <p>
          All measurements are in centimetres. Unless a table says otherwise, they are <strong>body</strong>{" "}
          measurements — measure yourself, not a garment — so you can compare them directly with the tables below.
          If you fall between two sizes, the fit notes under each table will help you choose.
        </p>
      }
    >
      <TableOfContents
        columns={3}
        items={[
          { href: "#how-to-measure", label: "How to measure" },
          ...CATEGORIES.map((category) => ({ href: `#${category.slug}`, label: category.name })),
          { href: "#still-unsure", label: "Still unsure?" },
        ]}
      />

      <Section id="how-to-measure" title="How to measure">
        <p>
          Use a soft tape measure and wear light underwear or close-fitting clothes. Keep the tape level and snug,
          but not tight — you should be able to slip a finger underneath. It is easiest with someone to help.
        </p>
        <SubSection title="Upper body">
          <ul>
            <li>
              <strong>Chest / bust:</strong> around the fullest part of your chest, under your arms and across the
              shoulder blades.
            </li>
            <li>
              <strong>Waist:</strong> around your natural waistline, the narrowest part of your torso, usually just
              above the belly button. Breathe out normally before you read the tape.
            </li>
            <li>
              <strong>Garment length</strong> (t-shirts, sweaters, jackets) is measured on the garment, laid flat,
              from the highest point of the shoulder — or the collar seam at the back for jackets — to the hem. Compare
              it with a piece you already own.
            </li>
          </ul>
        </SubSection>
        <SubSection title="Lower body">
          <ul>
            <li>
              <strong>Hips:</strong> around the fullest part of your hips and seat, with your feet together.
            </li>
            <li>
              <strong>Inseam:</strong> from the crotch down the inside of the leg to where you want the hem to fall,
              ideally while wearing shoes. Measuring a pair of trousers that fit well, along the inside seam, is
              just as good.
            </li>
          </ul>
        </SubSection>
        <SubSection title="Feet">
          <ul>
            <li>
              <strong>Foot length:</strong> stand on a sheet of paper with your heel against a wall. Mark the tip of
              your longest toe and measure from the wall to the mark. Measure both feet, in the afternoon, and use the
              longer one.
            </li>
          </ul>
        </SubSection>
        <SubSection title="Belts">
          <ul>
            <li>
              <strong>Belt size:</strong> measure around your waist where you wear your belt, over your trousers —
              or measure a belt you already own from the buckle pin to the hole you use most.
            </li>
          </ul>
        </SubSection>
      </Section>

      {CATEGORIES.map((category) => {
        const guide = SIZE_GUIDE[category.id];
        return (
          <Section key={category.id} id={category.slug} title={category.name}>
            <p>{guide.intro}</p>
            {guide.tables.map((table) => (
              <DataTable
                key={table.caption}
                numeric={!table.prose}
                caption={table.caption}
                columns={[table.sizeHeader, ...table.columns]}
                rows={table.rows.map((row) => ({ header: row.size, cells: row.values }))}
              />
            ))}
            <h3>Fit notes</h3>
            <ul>
              {guide.fitNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
            <p>
              <Link to={`/products?category=${category.slug}`}>Shop {category.name.toLowerCase()}</Link>
            </p>
            <BackToContents />
          </Section>
        );
      })}

      <Section id="still-unsure" title="Still unsure?">
        <p>
          When a piece fits differently from our standard sizing — cropped, oversized or cut slim — we say so in
          its product description. If you would like personal advice, <Link to="/about#contact">our customer care team</Link> is
          happy to help — tell us your measurements and the item you are looking at.
        </p>
        <Callout title="Free returns and exchanges">
          <p>
            Ordered the wrong size? You can return or exchange it free of charge within 30 days. See{" "}
            <Link to="/returns">returns &amp; exchanges</Link> for how it works.
          </p>
        </Callout>
      </Section>
    </InfoPage>
  );
}
