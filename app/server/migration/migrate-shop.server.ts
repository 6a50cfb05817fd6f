import type { Order } from "~/domain/commerce";
import type { ProductInput } from "~/domain/product";
import type { MediaStore } from "~/server/media/port";
import type { Store } from "~/server/store/port";
import { countPaidOrders } from "~/server/services/look/pair-counts.server";
import { PRODUCT_IMAGE_WIDTHS } from "~/server/media/product-images.server";
import {
  allAuditEntries,
  allOrders,
  allProducts,
  allProfiles,
  allReviews,
  shopFigures,
  userOwner,
  type Figures,
} from "./shop-figures.server";

// Moving a shop from one store to another (the embedded SQLite file to Firebase), through the ports
// only, so every document is what the target backend writes itself. Every write sets a record by
// its own id (and counters to the source's values), so a run cut short is simply run again.

/** The accounts side: copy the source's accounts into the target, and count those that arrived. */
export interface AccountMover {
  /** How many accounts the source has. */
  sourceCount: number;
  /** Copy them all (replacing the same uid); returns those the target refused. */
  copy(): Promise<{ imported: number; failed: Array<{ uid: string; email: string; reason: string }> }>;
  /** How many of the source's accounts the target now has, with the same uid and e-mail. */
  targetCount(): Promise<number>;
}

export interface MigrationSide {
  store: Store;
  media: MediaStore;
}

export interface MigrationOptions {
  source: MigrationSide;
  target: MigrationSide;
  accounts: AccountMover;
  /** Copy even into a target that holds orders the source does not have (another shop's). */
  force?: boolean;
  log?: (line: string) => void;
  /** Called after each write with how many were made (tests cut a run short here). */
  afterWrite?: (writes: number) => void;
}

export interface FigureRow {
  name: string;
  source: number;
  target: number;
}

export interface MigrationReport {
  rows: FigureRow[];
  /** Figures that differ; empty when the target holds the whole shop. */
  differences: FigureRow[];
  accountsFailed: Array<{ uid: string; email: string; reason: string }>;
  /** Media referenced by the shop that the source does not hold (nothing to copy). */
  mediaMissing: string[];
}

export class TargetHoldsAnotherShopError extends Error {
  constructor(readonly foreignOrders: number) {
    super(
      `The Firebase project already holds ${foreignOrders} order(s) that this shop does not have: ` +
        "it looks like another shop's data. Nothing was written. Point the migration at an empty project, " +
        "or run it with --force to copy this shop into that project anyway.",
    );
    this.name = "TargetHoldsAnotherShopError";
  }
}

const UPLOAD_URL = /\/uploads\/(products|blog)\/([A-Za-z0-9][A-Za-z0-9._-]*\.(?:webp|png|jpg))/g;
const PRODUCT_FILE = /^([a-f0-9]{32})-\d{2,4}\.webp$/;

/** Every media key the shop refers to: product photos (every width written at upload), blog covers, order lines' images. */
export function mediaKeysOf(records: readonly unknown[]): string[] {
  const keys = new Set<string>();
  for (const match of JSON.stringify(records).matchAll(UPLOAD_URL)) {
    const [, folder, file] = match;
    keys.add(`${folder}/${file}`);
    const base = folder === "products" ? PRODUCT_FILE.exec(file!)?.[1] : undefined;
    if (base) for (const width of PRODUCT_IMAGE_WIDTHS) keys.add(`products/${base}-${width}.webp`);
  }
  return [...keys].sort();
}

/**
 * The rule for a target that is not empty: every order it holds must be one of the source's (a
 * run of this migration cut short, or run before). An order the source lacks means the project is
 * another shop's (or took orders since): refuse unless forced.
 */
async function checkTarget(source: Order[], target: Store, force: boolean, log: (line: string) => void) {
  const ours = new Set(source.map((o) => o.id));
  const foreign = (await allOrders(target)).filter((o) => !ours.has(o.id)).length;
  if (foreign === 0) return;
  if (!force) throw new TargetHoldsAnotherShopError(foreign);
  log(`--force: copying into a project that holds ${foreign} order(s) of its own; they are left as they are.`);
}

export async function migrateShop(options: MigrationOptions): Promise<MigrationReport> {
  const { source, target, accounts } = options;
  const log = options.log ?? (() => {});
  let writes = 0;
  const wrote = () => options.afterWrite?.(++writes);

  const orders = await allOrders(source.store);
  await checkTarget(orders, target.store, options.force ?? false, log);

  const products = await allProducts(source.store);
  log(`Products: ${products.length}`);
  for (let i = 0; i < products.length; i += 100) {
    // The stored rating is left out: the target's own reviews summary sets it below.
    // Own prices in markets go as they are, none as {}: a target product's own ones never outlive the copy.
    const inputs: ProductInput[] = products
      .slice(i, i + 100)
      .map(({ seq: _seq, rating: _rating, ...p }) => ({ ...p, marketPrices: p.marketPrices ?? {} }));
    await target.store.products.upsertMany(inputs);
    wrote();
  }

  const posts = await source.store.posts.list();
  log(`Blog posts: ${posts.length}`);
  for (const post of posts) {
    await target.store.posts.save(post);
    wrote();
  }

  const mediaMissing: string[] = [];
  const keys = mediaKeysOf([products, posts, orders]);
  log(`Images: ${keys.length} referenced`);
  for (const key of keys) {
    const stored = await source.media.get(key);
    if (!stored) {
      // Products refer to every width, but a small upload has fewer: only a referenced file counts as missing.
      if (JSON.stringify([products, posts, orders]).includes(`/uploads/${key}`)) mediaMissing.push(key);
      continue;
    }
    await target.media.put(key, stored.bytes, stored.contentType);
    wrote();
  }

  const promotions = await source.store.promotions.list();
  log(`Promotions: ${promotions.length}`);
  for (const promotion of promotions) {
    const saved = await target.store.promotions.save(promotion);
    if (!saved.ok)
      throw new Error(
        `Promotion ${promotion.id}: its code ${promotion.code} is held by another promotion in the target`,
      );
    wrote();
  }
  await target.store.promotions.restoreUsageCounts(await source.store.promotions.usageCounts());
  wrote();

  const profiles = await allProfiles(source.store);
  log(`Customers: ${profiles.length} profiles, ${accounts.sourceCount} accounts with a password`);
  for (const profile of profiles) {
    await target.store.profiles.createIfMissing(profile);
    wrote();
    for (const address of await source.store.addresses.list(profile.uid)) {
      await target.store.addresses.save(profile.uid, address);
      wrote();
    }
    const owner = userOwner(profile.uid);
    for (const item of await source.store.wishlists.list(owner)) {
      await target.store.wishlists.add(owner, item);
      wrote();
    }
  }
  const { failed: accountsFailed } = await accounts.copy();
  wrote();

  log(`Orders: ${orders.length}`);
  for (let i = 0; i < orders.length; i += 100) {
    await target.store.orders.insertMany(orders.slice(i, i + 100));
    wrote();
  }
  // Products bought together are derived from the paid orders: counted again on the target (once per order, so a run again adds nothing).
  log(`Products bought together: ${await countPaidOrders(target.store.pairs, orders)} paid orders counted`);
  wrote();
  for (const counter of await source.store.invoiceNumbers.counters()) {
    await target.store.invoiceNumbers.restoreCounter(counter);
    wrote();
  }

  const reviews = await allReviews(source.store);
  log(`Reviews: ${reviews.length}`);
  for (const { id, ...review } of reviews) {
    // Created waiting, then moderated as it was: the target's summary of the product's approved
    // reviews is written by the same transaction as the approval, as in the shop itself.
    await target.store.reviews.create({ ...review, status: "pending", moderatedAt: null, moderatedBy: null });
    wrote();
    if (review.status !== "pending") {
      const to = review.status;
      await target.store.reviews.moderate(id, {
        to,
        at: review.moderatedAt ?? review.createdAt,
        by: review.moderatedBy ?? "",
      });
      wrote();
    }
  }
  for (const productId of new Set(reviews.map((r) => r.productId))) {
    await target.store.products.setRating(productId, await target.store.reviews.summary(productId));
    wrote();
  }

  const alerts = await source.store.stockAlerts.list();
  log(`Stock alerts: ${alerts.length}`);
  for (const alert of alerts) {
    await target.store.stockAlerts.subscribe(alert);
    if (alert.sentAt) await target.store.stockAlerts.claim(alert.id, alert.sentAt);
    wrote();
  }

  // API keys (hashes: the systems keep their keys) and webhook endpoints; a run again skips what is there.
  // Deliveries waiting in the outbox are not moved: send them again from the new shop's back office.
  const apiKeys = await source.store.apiKeys.list();
  const webhookEndpoints = await source.store.webhooks.listEndpoints();
  log(`API keys: ${apiKeys.length}; webhook endpoints: ${webhookEndpoints.length}`);
  for (const key of apiKeys) {
    if (!(await target.store.apiKeys.get(key.id))) await target.store.apiKeys.create(key);
    else if (key.revokedAt) await target.store.apiKeys.revoke(key.id, key.revokedAt);
    wrote();
  }
  for (const endpoint of webhookEndpoints) {
    if (!(await target.store.webhooks.getEndpoint(endpoint.id))) await target.store.webhooks.createEndpoint(endpoint);
    wrote();
  }

  // Staff and their invitations (only hashes of the links' tokens): set by id, so a second run rewrites the same.
  const members = await source.store.staff.list();
  const invitations = await source.store.staff.invitations();
  log(`Staff: ${members.length} members, ${invitations.length} invitations`);
  for (const member of members) {
    await target.store.staff.save(member);
    wrote();
  }
  for (const invitation of invitations) {
    await target.store.staff.invite(invitation);
    wrote();
  }

  // Shipping zones: the source's replace whatever the target holds (a new Firebase shop seeds the
  // configured flat rates at its first start), so checkout there prices exactly as here.
  const zones = await source.store.shippingZones.list();
  log(`Shipping zones: ${zones.length}`);
  for (const zone of await target.store.shippingZones.list()) await target.store.shippingZones.remove(zone.id);
  for (const zone of zones) {
    const saved = await target.store.shippingZones.save(zone);
    if (saved.kind !== "saved") throw new Error(`Shipping zone ${zone.name}: ${saved.country} is in two zones`);
    wrote();
  }
  // Markets: the source's replace whatever the target holds (a new Firebase shop seeds Europe at its
  // first start). The source's default takes over first (without countries), the target's others
  // are removed or emptied, then every market is written whole: no step clashes on a country.
  const markets = await source.store.markets.list();
  log(`Markets: ${markets.length}`);
  const sourceDefault = markets.find((m) => m.isDefault);
  if (sourceDefault) await target.store.markets.save({ ...sourceDefault, countries: [] });
  for (const market of await target.store.markets.list()) {
    if (market.isDefault) continue;
    if (markets.some((m) => m.id === market.id)) await target.store.markets.save({ ...market, countries: [] });
    else await target.store.markets.remove(market.id);
  }
  for (const market of markets) {
    const saved = await target.store.markets.save(market);
    if (saved.kind !== "saved") throw new Error(`Market ${market.name}: ${JSON.stringify(saved)}`);
    wrote();
  }
  // Gift cards with their ledgers, as they were (balances included): set by id, so a second run rewrites the same.
  const giftCards = await source.store.giftCards.list();
  const giftCardEntries = await source.store.giftCards.allEntries();
  log(`Gift cards: ${giftCards.length} cards, ${giftCardEntries.length} ledger entries`);
  await target.store.giftCards.restore(giftCards, giftCardEntries);
  wrote();

  // Abandoned-checkout reminders: the records as they are (sent, recovered), the opt-outs (so no
  // address that opted out is ever mailed from the new backend) and the owner's settings.
  const reminderRecords = await source.store.abandonedCheckouts.list(Number.MAX_SAFE_INTEGER);
  const optOuts = await source.store.abandonedCheckouts.optOuts();
  log(`Abandoned checkouts: ${reminderRecords.length} records, ${optOuts.length} opt-outs`);
  for (const record of reminderRecords) {
    await target.store.abandonedCheckouts.importRecord(record);
    wrote();
  }
  for (const optOut of optOuts) {
    await target.store.abandonedCheckouts.optOut(optOut.email, optOut.optedOutAt);
    wrote();
  }
  await target.store.abandonedCheckouts.saveSettings(await source.store.abandonedCheckouts.getSettings());

  // The audit log is append-only: entries already copied by an earlier run are skipped by id.
  const entries = await allAuditEntries(source.store);
  const copied = new Set((await allAuditEntries(target.store)).map((e) => e.id));
  log(`Audit log: ${entries.length} entries`);
  for (const entry of entries.reverse()) {
    if (copied.has(entry.id)) continue;
    await target.store.audit.append(entry);
    wrote();
  }

  log("Comparing both sides…");
  return compareShops(options, keys, accountsFailed, mediaMissing);
}

async function compareShops(
  { source, target, accounts }: MigrationOptions,
  mediaKeys: string[],
  accountsFailed: MigrationReport["accountsFailed"],
  mediaMissing: string[],
): Promise<MigrationReport> {
  const countMedia = async (media: MediaStore) => {
    let found = 0;
    for (const key of mediaKeys) if (await media.get(key)) found++;
    return found;
  };
  const [sourceFigures, targetFigures] = await Promise.all([shopFigures(source.store), shopFigures(target.store)]);
  const extra = async (side: MigrationSide, accountCount: number): Promise<Figures> => [
    ["accounts with a password", accountCount],
    ["image files", await countMedia(side.media)],
  ];
  sourceFigures.push(...(await extra(source, accounts.sourceCount)));
  targetFigures.push(...(await extra(target, await accounts.targetCount())));
  // Matched by name, not position: a figure per gift card currency exists only where cards in it exist.
  const targetByName = new Map(targetFigures);
  const rows = sourceFigures.map(([name, value]) => ({ name, source: value, target: targetByName.get(name) ?? 0 }));
  const sourceNames = new Set(sourceFigures.map(([name]) => name));
  for (const [name, value] of targetFigures) if (!sourceNames.has(name)) rows.push({ name, source: 0, target: value });
  return { rows, differences: rows.filter((r) => r.source !== r.target), accountsFailed, mediaMissing };
}

/**
 * What to do about the figures that differ. A run copies and never deletes: one that was cut short
 * leaves the target short, which running again fixes; a target holding more than the source
 * (orders placed on the Firebase shop, data written there by hand) stays so however often it runs.
 */
function differenceAdvice(differences: readonly FigureRow[]): string[] {
  if (differences.length === 0) return [`Every figure matches.`];
  const names = (rows: readonly FigureRow[]) => rows.map((r) => r.name).join(", ");
  const short = differences.filter((r) => r.target < r.source);
  const over = differences.filter((r) => r.target > r.source);
  const lines = [`${differences.length} figure(s) differ.`];
  if (short.length > 0)
    lines.push(
      `- Firebase holds less of: ${names(short)}. Run the migration again (it copies what is missing); if they still differ, do not switch.`,
    );
  if (over.length > 0)
    lines.push(
      `- Firebase holds more of: ${names(over)}. Running again cannot fix this (a run never deletes): the project was written to ` +
        "apart from this shop (the Firebase shop served orders, or data was added by hand). Find out what those are before you " +
        "switch, or copy into an empty project.",
    );
  return lines;
}

/** The report as Markdown: one row per figure, then what differs and what could not be copied. */
export function formatReport(report: MigrationReport, meta: { at: string; source: string; target: string }): string {
  const lines = [
    `# Migration report`,
    ``,
    `${meta.at}: ${meta.source} → ${meta.target}`,
    ``,
    `| figure | source | target | |`,
    `|---|---:|---:|---|`,
    ...report.rows.map(
      (r) => `| ${r.name} | ${r.source} | ${r.target} | ${r.source === r.target ? "ok" : "DIFFERS"} |`,
    ),
    ``,
    ...differenceAdvice(report.differences),
  ];
  if (report.accountsFailed.length > 0) {
    lines.push(``, `Accounts Firebase Auth refused:`);
    for (const f of report.accountsFailed) lines.push(`- ${f.email} (${f.uid}): ${f.reason}`);
  }
  if (report.mediaMissing.length > 0) {
    lines.push(``, `Images the shop refers to that the source does not hold (not copied):`);
    for (const key of report.mediaMissing) lines.push(`- ${key}`);
  }
  return lines.join("\n") + "\n";
}
