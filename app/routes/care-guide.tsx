import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import {
  BackToContents,
  Callout,
  DataTable,
  InfoPage,
  Section,
  TableOfContents,
} from "~/components/info/InfoPage";
import { CARE_MATERIALS, type CareMaterial } from "~/lib/care-guide-data";
import { seo } from "~/lib/seo";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Care guide",
    description:
      "How to wash, dry, iron and store cotton, denim, wool, cashmere, linen, silk, viscose, polyester, leather, suede and down — plus every laundry care symbol explained in words.",
  });


const ASPECTS = [
  { key: "washing", label: "Washing" },
  { key: "drying", label: "Drying" },
  { key: "ironing", label: "Ironing" },
  { key: "storage", label: "Storage" },
] as const satisfies ReadonlyArray<{ key: keyof CareMaterial; label: string }>;

/** Laundry care symbols (ISO 3758 / GINETEX), described in words. */
const SYMBOLS: ReadonlyArray<{ id: string; title: string; rows: ReadonlyArray<[symbol: string, meaning: string]> }> = [
  {
    id: "symbols-washing",
    title: "Washing — a washtub",
    rows: [
      ["Washtub with a number (30, 40, 60) or one to three dots", "Machine wash at no more than that temperature in °C. One dot means 30 °C, two dots 40 °C, three dots 60 °C."],
      ["Washtub with one line underneath", "Gentle cycle (synthetics): reduced agitation and a shorter, slower spin."],
      ["Washtub with two lines underneath", "Very gentle cycle (wool or delicates): minimal agitation and a low spin."],
      ["Washtub with a hand", "Hand wash only, in water no warmer than 40 °C. Do not rub or wring."],
      ["Washtub crossed out", "Do not wash. The garment needs professional cleaning or spot cleaning only."],
    ],
  },
  {
    id: "symbols-bleaching",
    title: "Bleaching — a triangle",
    rows: [
      ["Empty triangle", "Any bleach may be used, including chlorine bleach."],
      ["Triangle with two diagonal lines", "Oxygen-based (non-chlorine) bleach only."],
      ["Triangle crossed out", "Do not bleach, and avoid detergents with added bleach."],
    ],
  },
  {
    id: "symbols-drying",
    title: "Drying — a square",
    rows: [
      ["Square with a circle and one dot", "Tumble dry on a low heat setting."],
      ["Square with a circle and two dots", "Tumble dry on a normal heat setting."],
      ["Square with a circle, crossed out", "Do not tumble dry."],
      ["Square with a curved line at the top", "Line dry: hang on a washing line or drying rack."],
      ["Square with three vertical lines", "Drip dry: hang up soaking wet, without spinning or wringing."],
      ["Square with one horizontal line", "Dry flat: lay the garment flat, reshaped, on a towel or rack."],
      ["Square with a diagonal line in the top-left corner", "Dry in the shade, away from direct sunlight (combined with one of the symbols above)."],
    ],
  },
  {
    id: "symbols-ironing",
    title: "Ironing — an iron",
    rows: [
      ["Iron with one dot", "Low temperature, up to 110 °C. Steam may damage the fabric. Typical for silk, viscose and polyester."],
      ["Iron with two dots", "Medium temperature, up to 150 °C. Typical for wool and blends."],
      ["Iron with three dots", "High temperature, up to 200 °C. Typical for cotton and linen."],
      ["Iron crossed out", "Do not iron or steam."],
    ],
  },
  {
    id: "symbols-professional",
    title: "Professional cleaning — a circle",
    rows: [
      ["Circle with the letter P", "Professional dry cleaning with the usual solvents."],
      ["Circle with the letter F", "Professional dry cleaning with hydrocarbon solvents only."],
      ["Circle with the letter W", "Professional wet cleaning, a gentle water-based process done by a cleaner."],
      ["Line underneath any circle", "The cleaner should use a gentle process."],
      ["Circle crossed out", "Do not dry clean."],
    ],
  },
];

function CareCard({ material }: { material: CareMaterial }) {
  return (
    <div className="mt-6 grid gap-px overflow-hidden rounded-xl border border-stone-200 bg-stone-200 sm:grid-cols-2">
      {ASPECTS.map((aspect) => (
        <div key={aspect.key} className="bg-white px-5 py-4">
          <h3 className="text-xs font-semibold uppercase tracking-[0.15em] text-stone-500">{aspect.label}</h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-6 text-stone-700">
            {material[aspect.key].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export default function CareGuide() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Care guide"
      lead={
        <p>
          The way you wash and store your clothes decides how long they last. Here is how to look after every material
          we use — and what the symbols on the care label mean. When in doubt, always follow the label sewn into the
          garment: it is specific to that piece.
        </p>
      }
    >
      <TableOfContents
        columns={3}
        items={[
          { href: "#basics", label: "Before you wash" },
          ...CARE_MATERIALS.map((material) => ({ href: `#${material.id}`, label: material.name })),
          { href: "#care-symbols", label: "Care symbols explained" },
        ]}
      />

      <Section id="basics" title="Before you wash">
        <ul>
          <li>
            <strong>Wash less.</strong> Airing a garment overnight often freshens it as well as a wash does, especially
            wool, denim and jackets. Spot-clean small marks.
          </li>
          <li>
            <strong>Wash cool.</strong> Modern detergents clean well at 30 °C. It is kinder to fabrics and colours, and
            uses far less energy.
          </li>
          <li>
            <strong>Sort and prepare.</strong> Separate darks, lights and whites; close zips, hooks and buttons; empty
            pockets; turn prints, dark colours and knits inside out.
          </li>
          <li>
            <strong>Do not overload.</strong> Clothes need room to move; a drum about three-quarters full cleans better
            and creases less.
          </li>
          <li>
            <strong>Use the right detergent, and less of it.</strong> Wool and silk need a pH-neutral detergent without
            enzymes; too much detergent leaves residue that dulls colours.
          </li>
          <li>
            <strong>Skip the dryer where you can.</strong> Heat is the main cause of shrinking and of elastane losing
            its stretch.
          </li>
        </ul>
      </Section>

      {CARE_MATERIALS.map((material) => (
        <Section key={material.id} id={material.id} title={material.name}>
          <p>{material.summary}</p>
          <CareCard material={material} />
          <BackToContents />
        </Section>
      ))}

      <Section id="care-symbols" title="Care symbols explained">
        <p>
          Care labels use five basic symbols, always in the same order: washing, bleaching, drying, ironing and
          professional cleaning. Dots stand for temperature (more dots, more heat), lines underneath for a gentler
          process, and a cross means “do not”.
        </p>
        {SYMBOLS.map((group) => (
          <DataTable
            key={group.id}
            caption={group.title}
            columns={["Symbol", "What it means"]}
            rows={group.rows.map(([symbol, meaning]) => ({ header: symbol, cells: [meaning] }))}
          />
        ))}
        <Callout title="Something went wrong in the wash?">
          <p>
            If an item shrinks, bleeds or loses its shape even though you followed the care label, that may be a fault.
            Contact <Link to="/about#contact">our customer care team</Link> with a photo of the item and its care label —
            see also <Link to="/returns#faulty">faulty items</Link>.
          </p>
        </Callout>
        <BackToContents />
      </Section>
    </InfoPage>
  );
}
