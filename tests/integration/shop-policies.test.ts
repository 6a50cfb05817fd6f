import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, type RouteHarness } from "../support/route-harness";
import { addTestHooks } from "../support/test-hooks";
import * as about from "~/routes/about";
import * as careGuide from "~/routes/care-guide";
import * as privacy from "~/routes/privacy";
import * as returns from "~/routes/returns";
import * as shipping from "~/routes/shipping";
import * as sizeGuide from "~/routes/size-guide";
import * as terms from "~/routes/terms";
import type { RootData } from "~/components/layout/root-data";
import { loader as rootLoader } from "~/root";
import type { InfoPageData } from "~/components/info/InfoPage";
import { MAX_QUANTITY_PER_LINE } from "~/domain/sellable";

// The shop never contradicts itself: with every figure configured differently from the defaults,
// each page that states a delivery price, the free-delivery threshold or the returns window states
// the configured one, and no page states a default. (Configuration is read once, on first use:
// these variables are set before anything asks for it.)
// The first-start delivery prices are constants; a test starts a shop with others through the switch.
addTestHooks("shipping-seed=111/2222/12345");
Object.assign(process.env, {
  RETURNS_WINDOW_DAYS: "45",
  SHOP_NAME: "Selvedge",
  SUPPORT_EMAIL: "help@selvedge.test",
});

const FREE_FROM = "€123.45";
const STANDARD = "€1.11";
const EXPRESS = "€22.22";

/** Where each page states each figure (a page not listed for a figure must not state its default either). */
const PAGES = {
  shipping: { route: shipping, states: [FREE_FROM, STANDARD, EXPRESS, "30 countries"] },
  terms: {
    route: terms,
    states: [FREE_FROM, STANDARD, EXPRESS, "45 days", "45-day", `at most ${MAX_QUANTITY_PER_LINE} of each item`],
  },
  about: { route: about, states: [FREE_FROM, "45 days", "help@selvedge.test"] },
  returns: { route: returns, states: ["45 days", "45-day"] },
  "size-guide": { route: sizeGuide, states: ["45 days"] },
  privacy: { route: privacy, states: ["Cookies set by Selvedge"] },
  "care-guide": { route: careGuide, states: [] },
} as const;

// The defaults, as the pages used to write them by hand. "30 days" stays where it is not the
// returns window: the EU reference price, the latest delivery date and the cart cookie's life.
const DEFAULTS = [/€75\b/, /€4\.95/, /€9\.95/, /30-day/, /Hemline/, /support@hemline/];
const OTHER_THIRTY_DAYS = [
  /in the 30 days before the reduction/g,
  /within 30 days of the contract being concluded/g,
  /up to 30 days/g,
];

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

let harness: RouteHarness;
beforeAll(async () => {
  harness = await createRouteHarness();
});
afterAll(() => harness.close());

describe("figures from configuration", () => {
  it.each(Object.entries(PAGES))(
    "/%s states the configured figures and none of the defaults",
    async (slug, { route, states }) => {
      const page = dataOf<InfoPageData>(
        await harness.run(route.loader as never, harness.request(`/${slug}`, "signed-out")),
      );
      const all = text(
        [page.title, page.description, page.heading, page.eyebrow, page.leadHtml, page.bodyHtml].join(" "),
      );
      for (const figure of states) expect(all, `/${slug}: ${figure}`).toContain(figure);
      for (const old of DEFAULTS) expect(all, `/${slug}: ${old}`).not.toMatch(old);
      const withoutOtherPeriods = OTHER_THIRTY_DAYS.reduce((t, re) => t.replace(re, ""), all);
      expect(withoutOtherPeriods, `/${slug}`).not.toMatch(/30 days/);
    },
  );

  it("the root loader gives the footer, home page and product page the same figures", async () => {
    const root = dataOf<RootData>(await harness.run(rootLoader as never, harness.request("/", "signed-out")));
    expect(root.policies).toEqual({
      freeShippingFrom: FREE_FROM,
      standardShipping: STANDARD,
      expressShipping: EXPRESS,
      returnsDays: "45",
      maxPerLine: String(MAX_QUANTITY_PER_LINE),
      deliveryCountryCount: "30",
    });
  });

  it("checkout charges what the pages state", async () => {
    const prices = async (subtotalMinor: number) =>
      Object.fromEntries(
        ((await harness.ctx.checkout.deliveryOptions("IE", { subtotalMinor, weightGrams: 0 })) ?? []).map((o) => [
          o.method,
          o.priceMinor,
        ]),
      );
    expect(await prices(12344)).toEqual({ standard: 111, express: 2222 });
    expect(await prices(12345)).toEqual({ standard: 0, express: 2222 });
  });
});
