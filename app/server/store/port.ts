import type { Promotion, PromotionUseClaim } from "~/domain/promotion";
import type { GiftCard, GiftCardDelivery, GiftCardLedgerEntry, OutstandingBalance } from "~/domain/gift-card";
import type { SavedAddress } from "~/domain/saved-address";
import type { AuditEntry, AuditFilter, AuditPage } from "~/domain/audit";
import type {
  Cart,
  CartLine,
  Order,
  OrderEvent,
  OrderListFilter,
  OrderTransition,
  PlaceOrderResult,
  TransitionResult,
} from "~/domain/commerce";
import type { ImportJob, ImportJobUpdate } from "~/domain/import-job";
import type { ApiKey } from "~/domain/api-key";
import type { DeliveryOutcome, WebhookDelivery, WebhookEndpoint } from "~/domain/webhook";
import type { OutboxEvent } from "~/domain/outbox";
import type {
  HelpfulVoteResult,
  ModerateResult,
  RatingSummary,
  Review,
  ReviewPage,
  ReviewSort,
  ReviewStatus,
} from "~/domain/review";
import type { StockAlert } from "~/domain/stock-alert";
import type { StaffInvitation, StaffMember } from "~/domain/staff";
import type { Market } from "~/domain/market";
import type { ShippingZone } from "~/domain/shipping-zone";
import type { AbandonedCheckout, AbandonedLine, ReminderCounts, ReminderSettings } from "~/domain/abandoned-checkout";
import type { WishlistItem } from "~/domain/wishlist";
import type { OrderRevision, ReviseResult } from "~/domain/refund";
import type { Post, PostInput } from "~/domain/post";
import type { Product, ProductInput } from "~/domain/product";
import type { Profile, ProfilePatch, Role } from "~/domain/profile";

// The data port. Services depend on these interfaces only; each backend (sqlite/, firestore/)
// implements them and the shared contract suites in tests/contract prove they behave alike.
// Every method is async so a networked backend fits the same shape as the embedded one.

/**
 * An opaque position in a product change feed. Each adapter encodes its own (SQLite: a change
 * number; Firestore: a commit time and a document id), so no shared counter is ever written.
 */
export type ChangeCursor = string;

/** One entry of the change feed: a product as it now is, or the id of a deleted one. */
export type CatalogueChange = { kind: "product"; product: Product } | { kind: "deleted"; id: string };

export interface ChangeBatch {
  changes: CatalogueChange[];
  /** Where to continue from (unchanged when nothing changed). */
  cursor: ChangeCursor | null;
  /** True when the batch was cut at its limit and more changes may follow. */
  more: boolean;
}

/** What the product feed reads of a product: no slug, sizes, dates, version or rating. */
export type FeedProduct = Pick<
  Product,
  | "id"
  | "name"
  | "description"
  | "category"
  | "material"
  | "priceMinor"
  | "compareAtMinor"
  | "colours"
  | "variants"
  | "images"
  | "marketPrices"
>;

export interface FeedPage {
  products: FeedProduct[];
  /** Where to continue (opaque: each adapter its own); null when this page was the last. */
  next: string | null;
}

export interface ProductStore {
  get(id: string): Promise<Product | null>;
  getBySlug(slug: string): Promise<Product | null>;
  /**
   * Products written or deleted after `cursor` (null: from the start), in commit order, at most
   * `limit`. In-process indexes (search, the back office's list, low stock) follow the catalogue
   * with this. Reading it writes nothing, and writing a product touches no document but its own
   * (and its slug and tombstone), so any number of instances can follow and write at once.
   */
  changes(cursor: ChangeCursor | null, limit: number): Promise<ChangeBatch>;
  /**
   * Active products after the position `after` (null: from the first), at most `limit`, with only
   * the fields the product feed writes: the feed's build reads the catalogue a page at a time.
   * Each product comes once in a read through the pages, even when rewritten meanwhile (as it is
   * when its page is read). The order is the adapter's (SQLite: the table's; Firestore: by id).
   */
  feedPage(after: string | null, limit: number): Promise<FeedPage>;
  count(): Promise<number>;
  /**
   * Create or replace whole products (seeding, imports). Gives each a new version (seq). With
   * `announce` (an owner's import), their webhook events go to the outbox in the same transaction;
   * seeding and moving a shop announce nothing.
   */
  upsertMany(products: ProductInput[], options?: { announce?: boolean }): Promise<void>;
  /**
   * Create or replace one product (the back office), with a new version (seq); returns it as stored.
   * Rejects with ProductSlugTakenError when another product has its slug, and with
   * ProductChangedError when `expectedSeq` is given and the stored product has another seq
   * (someone, or an order taking stock, changed it since the editor was opened).
   */
  save(product: ProductInput, options?: { expectedSeq?: number }): Promise<Product>;
  /** Delete for good and leave a tombstone in the change feed, so indexes drop it; false when absent. */
  delete(id: string): Promise<boolean>;
  /**
   * Copy a product's review summary onto it (with a new seq, so the change feed carries it to every
   * instance's listing), unless the product holds one of the same or a later version; returns
   * false then, or when there is no such product. Other writes of the product keep its rating.
   */
  setRating(id: string, rating: RatingSummary): Promise<boolean>;
}

/** Thrown by ProductStore.save/upsertMany when another product already has the slug. */
export class ProductSlugTakenError extends Error {
  readonly slug: string;
  constructor(slug: string) {
    super(`The slug "${slug}" is already used by another product`);
    this.slug = slug;
    this.name = "ProductSlugTakenError";
  }
}

/** Thrown by ProductStore.save when the product changed since the caller read it. */
export class ProductChangedError extends Error {
  constructor(id: string) {
    super(`Product ${id} changed since it was read`);
    this.name = "ProductChangedError";
  }
}

/** The audit log: append-only, newest first. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  list(filter: AuditFilter): Promise<AuditPage>;
}

export interface ProfileStore {
  get(uid: string): Promise<Profile | null>;
  /** Create the profile unless one exists; returns the stored one either way (never overwrites a role). */
  createIfMissing(profile: Profile): Promise<Profile>;
  /** Merge the patch and refresh updatedAt; null when there is no such profile. */
  update(uid: string, patch: ProfilePatch, updatedAt: string): Promise<Profile | null>;
  /** Profiles for the back office and reports: newest sign-up first (then by uid), with the total that match. */
  list(filter: ProfileListFilter): Promise<{ profiles: Profile[]; total: number }>;
}

export interface ProfileListFilter {
  /** Case-insensitive start of the e-mail address ("ada" finds ada@example.com). */
  emailPrefix?: string;
  role?: Role;
  /** ISO timestamps on createdAt: inclusive from, exclusive to. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Thrown by PostStore.save when another post already has the slug. */
export class PostSlugTakenError extends Error {
  readonly slug: string;
  constructor(slug: string) {
    super(`The slug "${slug}" is already used by another post`);
    this.slug = slug;
    this.name = "PostSlugTakenError";
  }
}

export interface PostStore {
  get(id: string): Promise<Post | null>;
  getBySlug(slug: string): Promise<Post | null>;
  /** Every post, whatever its status: newest publishAt first, then newest createdAt (posts without a date first). */
  list(): Promise<Post[]>;
  count(): Promise<number>;
  /** Create or replace one post; rejects with PostSlugTakenError when another post has its slug. */
  save(post: PostInput): Promise<Post>;
  /** False when there was no such post. */
  delete(id: string): Promise<boolean>;
}

/** Shoppers' address books. The service keeps the rules (how many, which becomes the default). */
export interface AddressStore {
  /** The shopper's addresses: the default first, then oldest first. */
  list(uid: string): Promise<SavedAddress[]>;
  get(uid: string, id: string): Promise<SavedAddress | null>;
  /** Create or replace one address; when it is the default, atomically no other one is. */
  save(uid: string, address: SavedAddress): Promise<void>;
  /** Atomically make this address the only default; false when there is no such address. */
  setDefault(uid: string, id: string): Promise<boolean>;
  /** False when there was no such address. */
  delete(uid: string, id: string): Promise<boolean>;
}

/**
 * Saved products per owner, the id the cart uses ("user:{uid}" or "guest:{token}"). The service
 * keeps the rules (how many, which products may be saved).
 */
export interface WishlistStore {
  /** Newest saved first. */
  list(ownerId: string): Promise<WishlistItem[]>;
  /** Save unless already saved (then the first saving, and its price, stay); true when added. */
  add(ownerId: string, item: WishlistItem): Promise<boolean>;
  /** False when it was not saved. */
  remove(ownerId: string, productId: string): Promise<boolean>;
  /**
   * Atomically move every item of `fromId` into `toId` (an item both hold keeps the one in `toId`)
   * and delete `fromId`'s list. Concurrent merges of the same list move it once.
   */
  merge(fromId: string, toId: string): Promise<void>;
}

/** Back-in-stock alerts. The service decides who may subscribe and when an alert is due. */
export interface StockAlertStore {
  /**
   * Store the alert unless one with its id is waiting (then that one is kept and returned with
   * created false); an alert already sent is replaced by this new one.
   */
  subscribe(alert: StockAlert): Promise<{ alert: StockAlert; created: boolean }>;
  get(id: string): Promise<StockAlert | null>;
  /** False when there was no such alert. */
  remove(id: string): Promise<boolean>;
  /** The product's alerts still waiting (sentAt null), oldest first. */
  waiting(productId: string): Promise<StockAlert[]>;
  /**
   * Atomically mark a waiting alert sent at `at`; true for exactly one of any number of
   * concurrent claims on any instance, false once it is sent or gone.
   */
  claim(id: string, at: string): Promise<boolean>;
  /**
   * Undo the claim made at `at` (its e-mail could not be sent), so that the alert waits again and
   * the next restock sends it; false when the alert is gone, or sent by another claim since.
   */
  release(id: string, at: string): Promise<boolean>;
  /** Every alert, waiting or sent, oldest first (moving a shop to another backend). */
  list(): Promise<StockAlert[]>;
}

/**
 * Product reviews. The service keeps the rules (who may review, what a review holds); the store
 * keeps one review per buyer and product, one helpful vote per shopper and review, and each
 * product's summary of approved reviews, each atomically across instances.
 */
export interface ReviewStore {
  /**
   * Store a new review under reviewIdFor(productId, userId) and return it, unless the buyer already
   * reviewed the product: null then. Of concurrent creates for one pair, on any instance, one stores.
   */
  create(review: Omit<Review, "id">): Promise<Review | null>;
  get(id: string): Promise<Review | null>;
  /** A product's approved reviews: newest first, or most helpful first (then newest). */
  listApproved(productId: string, options: { sort: ReviewSort; limit: number; offset: number }): Promise<ReviewPage>;
  /** Reviews with a status, newest first (the back office). */
  listByStatus(status: ReviewStatus, options: { limit: number; offset: number }): Promise<ReviewPage>;
  /**
   * Atomically set the status (approved or rejected) and, when that changes what is approved,
   * the product's summary with a new version.
   */
  moderate(id: string, change: { to: "approved" | "rejected"; at: string; by: string }): Promise<ModerateResult>;
  /** One vote per voter and review: counted once however many times, on whichever instance. */
  voteHelpful(reviewId: string, voterId: string, at: string): Promise<HelpfulVoteResult>;
  /** Which of these reviews the voter already found helpful. */
  votedBy(voterId: string, reviewIds: readonly string[]): Promise<string[]>;
  /** The product's approved reviews in numbers (all zero without any). */
  summary(productId: string): Promise<RatingSummary>;
}

export interface CartStore {
  get(id: string): Promise<Cart | null>;
  /** Create or replace the whole cart. */
  save(cart: Cart): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface OrderStore {
  /**
   * One atomic operation: unless an order with the same idempotency key exists (then "duplicate"),
   * read cart `cartId`, check stock for every line, take it, write the order and delete the cart —
   * all or nothing. The cart is read in the same transaction, so one cart becomes at most one
   * order however many forms post it: a cart that is gone or empty → "cart-empty"; one whose lines
   * differ from `cartLines` (what the order was priced from, when given) → "cart-changed".
   * Any line short of stock → "sold-out" naming every such line. Nothing is written unless "placed".
   */
  place(
    order: Order,
    options: {
      cartId: string | null;
      cartLines?: readonly CartLine[];
      /**
       * One use of each promotion the order applies, counted in the same transaction: a claim over its
       * total or per-customer limit → "promotion-used-up" and nothing is written.
       */
      promotionUses?: readonly PromotionUseClaim[];
      /**
       * The order's gift-card part, taken from the card in the same transaction (ledger entry
       * `redeemed:{order id}`): a card that cannot pay it → "gift-card-refused" and nothing is written.
       */
      giftCardRedemption?: { cardId: string; amountMinor: number } | null;
    },
  ): Promise<PlaceOrderResult>;
  get(id: string): Promise<Order | null>;
  /** The order a checkout form already placed, if any (a replayed form finds its order). */
  findByIdempotencyKey(key: string): Promise<Order | null>;
  /** Atomically move an order to a new status (with its stock change) when its status is one of `from`. */
  transition(id: string, change: OrderTransition): Promise<TransitionResult>;
  /**
   * Atomically read the order, compute its next state with `plan` (pure: it may run again when a
   * transaction retries) and write it together with putting `restock`'s units back on sale. A
   * plan that refuses writes nothing. Refunds and returns go through this, so their limits are
   * checked against the order as it is at commit time however many admins race.
   */
  revise(id: string, plan: (order: Order) => OrderRevision): Promise<ReviseResult>;
  /** Append a note to the timeline without changing the status; null when there is no such order. */
  addEvent(id: string, event: OrderEvent): Promise<Order | null>;
  /** Newest first. */
  list(filter: OrderListFilter): Promise<{ orders: Order[]; total: number }>;
  /** Every order created in [from, to), oldest first (reports). */
  createdBetween(from: string, to: string): Promise<Order[]>;
  /** How many orders include the product (a product with orders is archived, never deleted). */
  countWithProduct(productId: string): Promise<number>;
  /** Whether the shopper has a delivered order that includes the product (who may review it). */
  deliveredWithProduct(userId: string, productId: string): Promise<boolean>;
  /** Write orders as they are, without touching stock (seeding a history, imports). */
  insertMany(orders: Order[]): Promise<void>;
}

/** Discount codes and automatic promotions, and how many orders used each (counted by OrderStore.place). */
export interface PromotionStore {
  /** Every promotion, newest first (a shop has tens, not thousands). */
  list(): Promise<Promotion[]>;
  get(id: string): Promise<Promotion | null>;
  /** The promotion whose code matches, ignoring case. */
  findByCode(code: string): Promise<Promotion | null>;
  /** Create or replace; refused when another promotion holds the same code (ignoring case). */
  save(promotion: Promotion): Promise<{ ok: true } | { ok: false; reason: "code-taken" }>;
  /** Orders placed with each promotion so far (0 when none). */
  usage(ids: readonly string[]): Promise<Map<string, number>>;
  /** Orders one customer ("user:{uid}" or "email:{e-mail}") placed with the promotion. */
  customerUsage(id: string, customerKey: string): Promise<number>;
  /**
   * Every count of uses: one per promotion in all (customerKey null) and one per customer (moving a
   * shop to another backend). Sorted by promotion, the total first, then by customer key.
   */
  usageCounts(): Promise<PromotionUsageCount[]>;
  /** Set these counts to exactly these values (never added to): what usageCounts of another store gave. */
  restoreUsageCounts(counts: readonly PromotionUsageCount[]): Promise<void>;
}

/** What a redemption answers: the card after it, or why nothing was taken. */
export type GiftCardRedemption =
  | { ok: true; card: GiftCard; entry: GiftCardLedgerEntry }
  | { ok: false; reason: "not-found" | "voided" | "insufficient-balance"; balanceMinor: number };

/** What adding to a card (top-up, refund) answers. */
export type GiftCardCredit =
  | { ok: true; card: GiftCard; entry: GiftCardLedgerEntry }
  | { ok: false; reason: "not-found" | "voided" };

/**
 * Gift cards and their ledgers. The balance changes only with a ledger entry written in the same
 * transaction, and never goes below 0 whatever the concurrency. Entry ids are unique per card, so a
 * replayed redemption, top-up or refund (same entry id) changes nothing and answers the entry written first.
 */
export interface GiftCardStore {
  /**
   * A new card and its "issued" entry; refused when another card has the same code hash, or when a card
   * with its id exists ("exists": a bought card's id names its order line and unit, so issuing twice is refused).
   */
  create(
    card: GiftCard,
    issued: GiftCardLedgerEntry,
  ): Promise<{ ok: true } | { ok: false; reason: "code-taken" | "exists" }>;
  /** Cards whose scheduled code e-mail is due on or before `day` ("YYYY-MM-DD"), at most `limit`. */
  dueDeliveries(day: string, limit: number): Promise<GiftCard[]>;
  /**
   * Claim a card's scheduled e-mail: clears it and answers what it was, or null when there is none (sent
   * already, or claimed by another instance): of concurrent claims exactly one gets it.
   */
  takeDelivery(cardId: string): Promise<GiftCardDelivery | null>;
  /** Put a claimed e-mail back (its sending failed), to be tried by the next sweep. */
  putBackDelivery(cardId: string, delivery: GiftCardDelivery): Promise<void>;
  get(id: string): Promise<GiftCard | null>;
  findByCodeHash(codeHash: string): Promise<GiftCard | null>;
  /** Every card, newest first (a shop has hundreds, not millions; backups and the back office). */
  list(): Promise<GiftCard[]>;
  /** One card's entries, oldest first. */
  ledger(cardId: string): Promise<GiftCardLedgerEntry[]>;
  /** Take `amountMinor` for an order (entry id `redeemed:{orderId}`), only if the card is active and holds it. */
  redeem(cardId: string, amountMinor: number, orderId: string, at: string): Promise<GiftCardRedemption>;
  /** Add to an active card: a top-up by staff or a refund of an order it paid. */
  credit(
    cardId: string,
    entry: { id: string; kind: "topped_up" | "refunded"; amountMinor: number; orderId: string | null; at: string },
  ): Promise<GiftCardCredit>;
  /** A voided card keeps its balance on record but can no longer be spent or credited. */
  void(cardId: string, at: string): Promise<GiftCard | null>;
  /**
   * The sum of active cards' balances per currency, by currency code: what the shop owes (a liability).
   * A currency without active cards is absent; a card stored without a currency counts as euros.
   */
  outstanding(): Promise<OutstandingBalance[]>;
  /** Backups and moving backends: every entry, and writing cards with their entries as they were. */
  allEntries(): Promise<GiftCardLedgerEntry[]>;
  restore(cards: readonly GiftCard[], entries: readonly GiftCardLedgerEntry[]): Promise<void>;
}

/** How many orders used a promotion: in all (customerKey null) or for one customer ("user:{uid}", "email:{e-mail}"). */
export interface PromotionUsageCount {
  promotionId: string;
  customerKey: string | null;
  uses: number;
}

/**
 * Invoice numbers: one counter per series (a calendar year), advanced a block at a time so that
 * no document is written by every paid order. The invoice-numbers service hands a block out.
 */
export interface InvoiceNumberStore {
  /** Atomically take the next `count` numbers of `series` (numbers start at 1); returns the first. */
  reserve(series: string, count: number): Promise<number>;
  /** Every series with the last number reserved in it, by series (moving a shop to another backend). */
  counters(): Promise<InvoiceCounter[]>;
  /** Set a series' last reserved number to exactly `last` (never added to): what counters of another store gave. */
  restoreCounter(counter: InvoiceCounter): Promise<void>;
}

export interface InvoiceCounter {
  series: string;
  last: number;
}

/**
 * CSV import jobs and their progress, shared by every server instance. The import service keeps
 * the rules (who applies, when a claim is stale, how long jobs are kept); this only stores.
 */
export interface ImportJobStore {
  /** Store a new job with its file (up to 10 MB of text). */
  create(job: ImportJob, csv: string): Promise<void>;
  get(token: string): Promise<ImportJob | null>;
  /** The job's file; null when there is no such job. */
  csv(token: string): Promise<string | null>;
  /**
   * Atomically, across instances: when the job is planned, or running with a claim older than
   * `staleBefore`, make it running under `owner` (claimed at `at`, applied by `actor`) and return
   * it; otherwise (another claim holds it, it ended, it does not exist) null. Exactly one of any
   * number of concurrent claims wins.
   */
  claim(
    token: string,
    claim: { owner: string; actor: string; at: string; staleBefore: string },
  ): Promise<ImportJob | null>;
  /** Write progress or the end for the claim's holder (renewing the claim); false when `owner` no longer holds it. */
  update(token: string, owner: string, update: ImportJobUpdate): Promise<boolean>;
  /** Delete jobs (and their files) created before `createdBefore`; returns how many. */
  sweep(createdBefore: string): Promise<number>;
}

/**
 * Idempotency keys of payments: the first answer stored for a key is the answer for every
 * instance until it expires. Values are plain JSON objects.
 */
export interface PaymentKeyStore {
  /**
   * Store `value` under `key` unless an unexpired value is there (atomically: of concurrent calls
   * on any instance exactly one stores); returns the value that is stored. An expired one is replaced.
   */
  remember(
    key: string,
    value: Record<string, unknown>,
    options: { now: string; expiresAt: string },
  ): Promise<Record<string, unknown>>;
  /** The unexpired value stored under `key`, or null: what a processor answered before its caller died. */
  recall(key: string, options: { now: string }): Promise<Record<string, unknown> | null>;
}

/**
 * Work that must happen once per store whatever the number of instances (seeding an empty store).
 * "claimed": the caller does the work, then calls finish; "held": another caller is doing it
 * (a claim older than `staleMs` that never finished is taken over: its instance died); "done".
 */
export interface OnceStore {
  claim(key: string, options: { now: Date; staleMs: number }): Promise<"claimed" | "held" | "done">;
  finish(key: string): Promise<void>;
}

/** One key's attempt counter: how many attempts its current window holds, and when it ends (ms). */
export interface RateWindow {
  count: number;
  resetAt: number;
}

/**
 * Attempt counters for rate limits, shared by every instance on the same database. Each key has
 * one fixed window that opens at its first counted attempt and lasts `windowMs`. Keys are opaque
 * (adapters store only a hash of them); times are milliseconds passed in by the caller, so the
 * service owns the clock. The rules (limits, messages) are the service's.
 */
export interface RateLimitStore {
  /**
   * Count one attempt at `at` and return the window after it: a new window (count 1) when none is
   * open. Atomic across instances: n concurrent hits anywhere count n.
   */
  hit(key: string, windowMs: number, at: number): Promise<RateWindow>;
  /** The window open at `at`, or null when there is none (never counted, expired or reset). */
  peek(key: string, at: number): Promise<RateWindow | null>;
  /**
   * Take back one attempt counted in the window open at `at` (counted up front, it turned out not
   * to count, e.g. a sign-in that succeeded); nothing when no window is open or its count is 0.
   * Atomic across instances like hit.
   */
  release(key: string, at: number): Promise<void>;
  /** Forget the key's attempts. */
  reset(key: string): Promise<void>;
}

/** Keys of the admin API (hashed; the service makes and checks them). A shop has a handful. */
export interface ApiKeyStore {
  /** Store a new key (its id and hash are unique). */
  create(key: ApiKey): Promise<void>;
  get(id: string): Promise<ApiKey | null>;
  /** The key whose secret hashes to `hash`, revoked or not; null when none. */
  findByHash(hash: string): Promise<ApiKey | null>;
  /** Every key, newest first. */
  list(): Promise<ApiKey[]>;
  /** Mark revoked at `at`; false when there is no such key or it was revoked already. */
  revoke(id: string, at: string): Promise<boolean>;
  /**
   * Set lastUsedAt to `at` only when it is unset or older than `olderThan` (so any number of
   * requests on any instance write it at most once per interval); true when written.
   */
  touch(id: string, at: string, olderThan: string): Promise<boolean>;
}

/**
 * Webhook endpoints and the outbox of their deliveries. A delivery is its own record (written when
 * its event happens, one per subscribed endpoint): no document is shared by every event. Any
 * instance sends what is due; a claim is a lease, so exactly one instance sends an attempt, and a
 * claim whose instance died is due again when its lease ends.
 */
export interface WebhookStore {
  createEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  getEndpoint(id: string): Promise<WebhookEndpoint | null>;
  /** Oldest first (a shop has a handful). */
  listEndpoints(): Promise<WebhookEndpoint[]>;
  /** False when there was no such endpoint. Its deliveries stay in the log. */
  deleteEndpoint(id: string): Promise<boolean>;
  /** Store each delivery unless one with its id exists (enqueuing an event again changes nothing). */
  enqueue(deliveries: readonly WebhookDelivery[]): Promise<void>;
  get(id: string): Promise<WebhookDelivery | null>;
  /** Pending deliveries whose nextAttemptAt is at or before `now`, earliest first, at most `limit`. */
  due(now: string, limit: number): Promise<WebhookDelivery[]>;
  /**
   * Atomically, across instances: when the delivery is pending and due at `now`, hold it for
   * `owner` until `leaseUntil` (its nextAttemptAt becomes leaseUntil) and return it; else null.
   */
  claim(id: string, owner: string, now: string, leaseUntil: string): Promise<WebhookDelivery | null>;
  /** Record an attempt for the claim's holder; false (nothing written) when `owner` no longer holds it. */
  finish(id: string, owner: string, outcome: DeliveryOutcome): Promise<boolean>;
  /** Queue again now (the back office's "send again"), with a new 24 h window; false when absent. */
  requeue(id: string, now: string, giveUpAt: string): Promise<boolean>;
  /** An endpoint's deliveries, newest first. */
  listForEndpoint(endpointId: string, limit: number): Promise<WebhookDelivery[]>;
  /**
   * The transactional outbox: events the order and product stores wrote in the transactions of
   * their changes (OrderStore.place/transition/revise, ProductStore.save/upsertMany with announce),
   * not yet relayed into deliveries; oldest first, at most `limit`.
   */
  outbox(limit: number): Promise<OutboxEvent[]>;
  /** Drop outbox events whose deliveries are enqueued (ids already gone are ignored). */
  relayed(ids: readonly string[]): Promise<void>;
}

/** What accepting an invitation came to; "accepted" only once per invitation, whatever the instance. */
export type InvitationAcceptance = "accepted" | "used" | "expired" | "missing";

/**
 * The back office's staff (owners are not here: they come from ADMIN_EMAILS) and the invitations
 * to join it. Read on every back-office request, so a change is seen by every instance at once.
 */
export interface StaffStore {
  get(uid: string): Promise<StaffMember | null>;
  /** Every member, by e-mail. */
  list(): Promise<StaffMember[]>;
  /** Add or replace a member (a role change). */
  save(member: StaffMember): Promise<void>;
  /** false when the uid is not a member. */
  remove(uid: string): Promise<boolean>;
  /** Store a new invitation under its token hash. */
  invite(invitation: StaffInvitation): Promise<void>;
  invitation(tokenHash: string): Promise<StaffInvitation | null>;
  /** Every invitation, newest first (accepted and expired ones too). */
  invitations(): Promise<StaffInvitation[]>;
  /**
   * Mark the invitation accepted by `member.uid` at `at` and save the member, atomically: of
   * concurrent accepts of one invitation on any instance, one is "accepted".
   */
  accept(tokenHash: string, member: StaffMember, at: string): Promise<InvitationAcceptance>;
  /** Remove an invitation not yet accepted (withdrawn); false when there is none waiting. */
  withdraw(tokenHash: string): Promise<boolean>;
}

/** What saving a zone came to: refused when another zone already holds one of its countries. */
export type ZoneSaveResult = { kind: "saved" } | { kind: "clash"; country: string; zoneId: string; zoneName: string };

/**
 * Shipping zones with their delivery methods (a shop has a handful, read whole). Saving checks,
 * atomically across instances, that no other zone holds one of the zone's countries, so two
 * back-office edits at once can never put a country in two zones.
 */
export interface ShippingZoneStore {
  /** Every zone, by position then name. */
  list(): Promise<ShippingZone[]>;
  get(id: string): Promise<ShippingZone | null>;
  /** Add or replace the zone, unless another zone holds one of its countries (nothing written then). */
  save(zone: ShippingZone): Promise<ZoneSaveResult>;
  /** false when there was no such zone. */
  remove(id: string): Promise<boolean>;
}

/**
 * What saving a market came to: refused when another market holds one of its countries, or when
 * it would leave the shop without a default market (make another the default instead).
 */
export type MarketSaveResult =
  | { kind: "saved" }
  | { kind: "clash"; country: string; marketId: string; marketName: string }
  | { kind: "default-needed" };

export type MarketRemoveResult = "removed" | "not-found" | "default";

/**
 * Markets: sets of countries with a currency and pricing rule (a shop has a handful, read whole).
 * Saving checks, atomically across instances, that no other market holds one of its countries and
 * that exactly one market stays the default, so two back-office edits at once cannot break either.
 */
export interface MarketStore {
  /** Every market, by position then name. */
  list(): Promise<Market[]>;
  get(id: string): Promise<Market | null>;
  /**
   * Add or replace the market (nothing written when refused). A market saved as the default takes
   * that from the one that was, in the same write; the default cannot be saved as not the default.
   */
  save(market: Market): Promise<MarketSaveResult>;
  /** "default" (nothing removed) for the default market. */
  remove(id: string): Promise<MarketRemoveResult>;
}

/**
 * How often products were bought together (complete the look): one record per unordered pair,
 * written by the paid orders that hold both, so no record is written by every order.
 */
export interface PairStore {
  /**
   * Add one to each pair (smaller id first) for a paid order, in one atomic step with a claim on the
   * order id: true when counted now, false when that order was counted before (a replay, a rebuild).
   */
  countOrder(orderId: string, pairs: ReadonlyArray<readonly [string, string]>): Promise<boolean>;
  /** The products most often bought with this one, most first (ties by id), at most `limit`. */
  partners(productId: string, limit: number): Promise<Array<{ productId: string; count: number }>>;
}

/**
 * Abandoned checkouts (one record per cart), the addresses that opted out of reminders, and the
 * owner's reminder settings. Claims are atomic across instances, so one reminder is sent once.
 */
export interface AbandonedCheckoutStore {
  /**
   * Record the cart's checkout: a new record, or the open one's e-mail, lines and time updated
   * (its reminders kept); a converted record is replaced by a fresh one (a new purchase).
   */
  upsert(input: { cartId: string; email: string; lines: AbandonedLine[]; at: string }): Promise<void>;
  get(cartId: string): Promise<AbandonedCheckout | null>;
  /**
   * The order was placed from this cart: no reminder after this. false when there is no record or
   * it was already converted: of instances closing one record at once, one gets true.
   */
  markConverted(cartId: string, orderId: string): Promise<boolean>;
  /**
   * Open records that may be due, oldest first: no reminder yet and changed at or before
   * `firstBefore`, or (when `secondBefore` is given) one reminder sent at or before it.
   */
  due(input: { firstBefore: string; secondBefore: string | null; limit: number }): Promise<AbandonedCheckout[]>;
  /**
   * Take the record to send reminder `sent + 1`: true for exactly one of any number of concurrent
   * callers, and only while it is open, has sent `sent` reminders and no unexpired claim is held.
   */
  claim(cartId: string, input: { owner: string; sent: number; now: string; until: string }): Promise<boolean>;
  /** The holder sent reminder `n` at `at`: counted, claim released. */
  markSent(cartId: string, input: { owner: string; n: 1 | 2; at: string }): Promise<void>;
  /** The holder could not send: the claim is released so a later sweep retries. */
  release(cartId: string, owner: string): Promise<void>;
  /** The restore link filled cart `intoCartId`: an order from it counts as recovered. */
  markRestored(cartId: string, intoCartId: string): Promise<void>;
  /** The record whose restore link last filled `intoCartId`, if any. */
  restoredInto(intoCartId: string): Promise<AbandonedCheckout | null>;
  /** Once per record: false when it was already recovered. */
  recordRecovery(cartId: string, input: { orderId: string; totalMinor: number }): Promise<boolean>;
  /** The latest records, newest change first. */
  list(limit: number): Promise<AbandonedCheckout[]>;
  counts(): Promise<ReminderCounts>;
  optOut(email: string, at: string): Promise<void>;
  isOptedOut(email: string): Promise<boolean>;
  /** Every opt-out (moving a shop to another backend). */
  optOuts(): Promise<{ email: string; optedOutAt: string }[]>;
  /** Write a record exactly as given, claim included (moving a shop to another backend). */
  importRecord(record: AbandonedCheckout): Promise<void>;
  getSettings(): Promise<ReminderSettings>;
  saveSettings(settings: ReminderSettings): Promise<void>;
  /**
   * Delete at most `limit` records that no longer serve: closed (converted or opted out) without a
   * reminder sent, or last changed before `before`. How many were deleted.
   */
  prune(input: { before: string; limit: number }): Promise<number>;
}

/** Test-only fault injection: proves that an atomic operation leaves nothing half-written. */
export interface StoreFaults {
  /** Called inside the placement transaction after stock is taken and before the order is written. */
  afterStockTaken?: () => void;
}

export interface Store {
  readonly kind: "sqlite" | "firestore";
  products: ProductStore;
  profiles: ProfileStore;
  addresses: AddressStore;
  posts: PostStore;
  audit: AuditStore;
  carts: CartStore;
  wishlists: WishlistStore;
  stockAlerts: StockAlertStore;
  reviews: ReviewStore;
  orders: OrderStore;
  promotions: PromotionStore;
  giftCards: GiftCardStore;
  invoiceNumbers: InvoiceNumberStore;
  once: OnceStore;
  importJobs: ImportJobStore;
  paymentKeys: PaymentKeyStore;
  rateLimits: RateLimitStore;
  apiKeys: ApiKeyStore;
  webhooks: WebhookStore;
  staff: StaffStore;
  shippingZones: ShippingZoneStore;
  markets: MarketStore;
  pairs: PairStore;
  abandonedCheckouts: AbandonedCheckoutStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * Embedded: a value that changes whenever anything is committed to the database, by this process
   * or another, read at the cost of one statement; equal stamps mean nothing was written between the
   * two reads. Lets a process keep what it read (the catalogue's changes, zones, markets) until then
   * instead of asking again on every page. Absent where no such value exists (Firestore: reads are
   * kept for the sync interval instead).
   */
  changeStamp?(): string;
  /**
   * Embedded: false while the database cannot write for want of space (StorageFullError), so
   * /healthz can say so until it can again. Absent where the platform manages the storage.
   */
  writable?(): Promise<boolean>;
  /**
   * Bring data written by earlier versions up to this one's shape (idempotent; run at every
   * start). SQLite migrates when the file is opened, so only Firestore has work here.
   */
  upgrade(log: (line: string) => void): Promise<void>;
  close(): Promise<void>;
}
