import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { baseMarket, convertFromBase, type Market } from "~/domain/market";
import type { Product } from "~/domain/product";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import { allPricedIn } from "~/server/services/markets/market-prices";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { allProducts } from "../support/all-products";
import { giftCardProductWith } from "../support/gift-card-factory";

// Listings in a market where a product has its own price (decision 0030): it is filtered, banded
// and sorted by that price, not by its converted one, on both stores; the euro listings and a
// market where nothing has an own price are unchanged.
describe.each(STORE_ADAPTERS)("listing by own prices in a market on $name", (adapter) => {
  let store: Store;
  let catalog: CatalogService;
  let dispose: () => Promise<void>;
  let mover: Product;

  const europe = baseMarket(["IE"], "2026-11-27T00:00:00.000Z");
  const uk: Market = { ...europe, id: "uk", currency: "GBP", rateMicros: 860_000, rounding: "99", isDefault: false };
  // The same pricing under another id: a market where no product has an own price.
  const twin: Market = { ...uk, id: "twin" };
  const query = (qs: string) => parseProductQuery(new URLSearchParams(qs)).query;
  const listIn = (market: Market, qs: string) => catalog.listProducts(query(qs), market);
  const cardsIn = async (market: Market, qs: string) => allPricedIn(market, (await listIn(market, qs)).items);
  const OWN = 50_000; // £500.00, far above any converted price of the demo catalogue

  beforeAll(async () => {
    ({ store, dispose } = await adapter.create());
    await seedIfEmpty(store, () => {});
    catalog = createCatalogService({ store });
    const active = (await allProducts(store)).filter((p) => p.status === "active");
    mover = active.sort((a, b) => a.priceMinor - b.priceMinor)[0];
  });

  afterAll(async () => {
    await dispose();
  });

  it("finds, bands and sorts a product by its own price in the market, not by its converted one", async () => {
    const converted = convertFromBase(mover.priceMinor, uk);
    expect(converted).toBeLessThan(5000);
    const euroBefore = JSON.stringify(allPricedIn(europe, (await catalog.listProducts(query("sort=price-asc"))).items));
    const euroBandsBefore = (await catalog.listProducts(query(""))).facets.prices;
    const beforeBands = (await listIn(uk, "")).facets.prices;
    const cheapBand = beforeBands[0]; // £0–25: the converted price's band
    expect(converted).toBeLessThanOrEqual(cheapBand.max! * 100);
    const beforeCheap = await listIn(uk, `min=0&max=${cheapBand.max}`);
    expect(beforeCheap.items.map((c) => c.id)).toContain(mover.id);

    const { seq: _seq, rating: _rating, ...input } = mover;
    await store.products.save({ ...input, marketPrices: { uk: { priceMinor: OWN } } });
    catalog.invalidate();

    // The band and the filter of its converted price no longer hold it; those of its own price do.
    const bands = (await listIn(uk, "")).facets.prices;
    expect(bands[0].count).toBe(cheapBand.count - 1);
    const top = bands[bands.length - 1]; // £200 and up
    expect(top.count).toBe(beforeBands[beforeBands.length - 1].count + 1);
    const cheap = await listIn(uk, `min=0&max=${cheapBand.max}`);
    expect(cheap.total).toBe(beforeCheap.total - 1);
    expect(cheap.items.map((c) => c.id)).not.toContain(mover.id);
    const dear = await cardsIn(uk, `min=${top.min}`);
    expect(dear.find((c) => c.id === mover.id)?.priceMinor).toBe(OWN);
    expect((await listIn(uk, `min=${top.min}`)).total).toBe(top.count);
    expect((await listIn(uk, "min=499&max=501")).items.map((c) => c.id)).toEqual([mover.id]);
    expect((await listIn(uk, "min=500&max=500")).total).toBe(1);
    expect((await listIn(uk, "min=501")).items.map((c) => c.id)).not.toContain(mover.id);

    // Sorted by the price there: first by price high to low, last of all by price low to high.
    const desc = await cardsIn(uk, "sort=price-desc");
    expect(desc[0]).toMatchObject({ id: mover.id, priceMinor: OWN });
    const ascending = await listIn(uk, "sort=price-asc");
    const lastPage = await cardsIn(uk, `sort=price-asc&page=${ascending.pageCount}`);
    expect(lastPage[lastPage.length - 1].id).toBe(mover.id);
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1].priceMinor).toBeGreaterThanOrEqual(desc[i].priceMinor);
    // A search sorted by price sorts the same way.
    const searched = await cardsIn(uk, `search=${encodeURIComponent(mover.name)}&sort=price-desc`);
    expect(searched[0].id).toBe(mover.id);

    // A market at the same rate where it has no own price lists it where it was.
    const twinCheap = await listIn(twin, `min=0&max=${cheapBand.max}`);
    expect(twinCheap.total).toBe(beforeCheap.total);
    expect((await cardsIn(twin, "sort=price-desc"))[0].id).not.toBe(mover.id);

    // The euro listing reads exactly as before, to the byte, and nothing of the pound price reaches it.
    const euroAfter = JSON.stringify(allPricedIn(europe, (await catalog.listProducts(query("sort=price-asc"))).items));
    expect(euroAfter).toBe(euroBefore);
    expect(euroAfter).not.toContain("marketPrices");
    expect((await catalog.listProducts(query(""))).facets.prices).toEqual(euroBandsBefore);
  });

  it("lists a gift card sold in pounds at its smallest pound amount in a pound market, not its euro amount converted", async () => {
    const card = giftCardProductWith([
      { currency: "EUR", minor: 2500 },
      { currency: "EUR", minor: 5000 },
      { currency: "GBP", minor: 3000 },
      { currency: "GBP", minor: 2000 },
    ]);
    await store.products.save(card);
    catalog.invalidate();
    const swiss: Market = { ...uk, id: "ch", currency: "CHF", rateMicros: 950_000 };

    const inUk = await cardsIn(uk, `search=${encodeURIComponent(card.name)}`);
    expect(inUk.find((c) => c.id === card.id)?.priceMinor).toBe(2000);
    // Keyed by currency, not market: another pound market says the same.
    const inTwin = await cardsIn(twin, `category=${card.category}`);
    expect(inTwin.find((c) => c.id === card.id)?.priceMinor).toBe(2000);
    // Filtered by that price: £20 is in a £15–25 filter, and not in one from £21.
    expect((await listIn(uk, "min=15&max=25")).items.map((c) => c.id)).toContain(card.id);
    expect((await listIn(uk, "min=21&max=25")).items.map((c) => c.id)).not.toContain(card.id);
    // A currency it has no amounts in shows the euro amount converted; the euro listing its euro amount.
    const inSwiss = await cardsIn(swiss, `search=${encodeURIComponent(card.name)}`);
    expect(inSwiss.find((c) => c.id === card.id)?.priceMinor).toBe(
      allPricedIn(swiss, [{ priceMinor: 2500 }])[0].priceMinor,
    );
    const inEuro = allPricedIn(
      europe,
      (await catalog.listProducts(query(`search=${encodeURIComponent(card.name)}`))).items,
    );
    expect(inEuro.find((c) => c.id === card.id)?.priceMinor).toBe(2500);
  });
});
