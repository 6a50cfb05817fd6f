import { expect, test } from "./fixtures";

// What Google Merchant Center fetches: the product feed of the demo shop, over HTTP.

const PRICE = /^\d+\.\d{2} EUR$/;

const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<g:${tag}>([^<]*)</g:${tag}>`, "g"))].map((m) => m[1]);

test("the XML feed lists every variant with absolute links, prices in EUR and stock, and answers 304 until the catalogue changes", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/feeds/google.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  const items = xml.split("<item>").slice(1);
  expect(items.length).toBeGreaterThan(100);
  const ids = values(xml, "id");
  expect(ids).toHaveLength(items.length);
  expect(new Set(ids).size).toBe(ids.length);
  // Every item's faults in one list (one expect per item would make thousands of report steps).
  const link = new RegExp(`^${baseURL}/products/[^?]+\\?colour=`);
  const faults = items.flatMap((item) => {
    const id = values(item, "id")[0];
    const wrong = ["title", "description", "brand", "condition", "size", "color", "item_group_id"].filter(
      (tag) => !values(item, tag)[0],
    );
    if (!link.test(values(item, "link")[0] ?? "")) wrong.push("link");
    if (!/^https?:\/\//.test(values(item, "image_link")[0] ?? "")) wrong.push("image_link");
    if (!PRICE.test(values(item, "price")[0] ?? "")) wrong.push("price");
    if (!["in_stock", "out_of_stock"].includes(values(item, "availability")[0] ?? "")) wrong.push("availability");
    if (!item.includes("<g:shipping><g:country>IE</g:country>")) wrong.push("shipping");
    return wrong.map((w) => `${id}: ${w}`);
  });
  expect(faults).toEqual([]);
  expect(new Set(items.map((i) => values(i, "availability")[0]))).toEqual(new Set(["in_stock", "out_of_stock"]));
  expect(items.some((i) => i.includes("<g:item_group_id>p0001</g:item_group_id>"))).toBe(true);

  const etag = response.headers()["etag"];
  expect(etag).toBeTruthy();
  const again = await request.get("/feeds/google.xml", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
});

test("the TSV feed has a header row and one row of the same width per variant", async ({ request, baseURL }) => {
  const response = await request.get("/feeds/google.tsv?country=de");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/tab-separated-values");
  const [header, ...rows] = (await response.text()).trimEnd().split("\n");
  const names = header.split("\t");
  expect(names).toEqual(
    expect.arrayContaining(["id", "title", "link", "image_link", "price", "availability", "shipping"]),
  );
  expect(rows.length).toBeGreaterThan(100);
  const link = new RegExp(`^${baseURL}/products/`);
  const faults = rows.flatMap((row, i) => {
    const fields = row.split("\t");
    const wrong: string[] = [];
    if (fields.length !== names.length) wrong.push(`${fields.length} fields`);
    if (!link.test(fields[names.indexOf("link")])) wrong.push("link");
    if (!PRICE.test(fields[names.indexOf("price")])) wrong.push("price");
    if (!fields[names.indexOf("shipping")].startsWith("DE::")) wrong.push("shipping");
    return wrong.map((w) => `row ${i + 1}: ${w}`);
  });
  expect(faults).toEqual([]);
});

test("a country the shop does not deliver to is a clear 400", async ({ request }) => {
  const response = await request.get("/feeds/google.xml?country=US");
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Unknown country "US"');
});

test("a client that takes gzip gets the kept feed precompressed: its own ETag, the same feed once decoded", async ({
  request,
}) => {
  const plain = await request.get("/feeds/google.xml", { headers: { "Accept-Encoding": "identity" } });
  expect(plain.status()).toBe(200);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(plain.headers()["vary"]).toContain("Accept-Encoding");
  const xml = await plain.text();
  const gzipped = () => request.get("/feeds/google.xml", { headers: { "Accept-Encoding": "gzip" } });
  // The gzipped copy is written in the background once the feed is kept; until then the plain one is sent.
  await expect.poll(async () => (await gzipped()).headers()["content-encoding"]).toBe("gzip");
  const zipped = await gzipped();
  expect(zipped.headers()["etag"]).not.toBe(plain.headers()["etag"]);
  expect(zipped.headers()["vary"]).toContain("Accept-Encoding");
  // Decoded once by the client: the server sent it compressed once, not compressed again on the way.
  expect(await zipped.text()).toBe(xml);
  const unchanged = await request.get("/feeds/google.xml", {
    headers: { "Accept-Encoding": "gzip", "If-None-Match": zipped.headers()["etag"] },
  });
  expect(unchanged.status()).toBe(304);
});
