import { Link } from "@remix-run/react";
import { CATEGORIES } from "~/lib/categories";
import { INFO_PAGES } from "~/lib/info-pages";
import { MarketSelector } from "./MarketSelector";
import type { RootData } from "./root-data";
import type { PolicyFigures } from "~/server/services/policies/shop-policies.server";

const linksOf = (group: string) =>
  INFO_PAGES.filter((p) => p.group === group).map((p) => ({ to: p.path, label: p.label }));

function LinkList({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-stone-900">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-stone-600 hover:text-stone-900 hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({
  shopName,
  supportEmail,
  policies,
  market,
  marketChoices,
}: {
  shopName: string;
  supportEmail: string;
  policies: PolicyFigures | null;
  market: RootData["market"];
  marketChoices: RootData["marketChoices"];
}) {
  return (
    <footer className="render-when-near mt-16 border-t border-stone-200 bg-stone-50 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="font-serif text-xl font-bold">{shopName}</p>
          <p className="mt-2 text-sm text-stone-600">
            Clothing and accessories made to last.
            {policies?.freeShippingFrom
              ? ` Free standard shipping from ${policies.freeShippingFrom} and free ${policies.returnsDays}-day returns.`
              : null}
          </p>
          <p className="mt-3 text-sm">
            <a href={`mailto:${supportEmail}`} className="text-stone-700 underline">
              {supportEmail}
            </a>
          </p>
          {marketChoices ? <MarketSelector current={market.id} choices={marketChoices} /> : null}
        </div>
        <LinkList title="Shop" links={CATEGORIES.map((c) => ({ to: `/products?category=${c.slug}`, label: c.name }))} />
        <LinkList title="Help" links={linksOf("Help")} />
        <LinkList title="Company" links={[{ to: "/blog", label: "Blog" }, ...linksOf("Company")]} />
      </div>
      <p className="border-t border-stone-200 py-4 text-center text-xs text-stone-500">
        © {new Date().getFullYear()} {shopName}. Prices include VAT.
      </p>
    </footer>
  );
}
