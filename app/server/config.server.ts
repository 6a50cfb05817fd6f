import crypto from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { SHIPPING_COUNTRIES, type CountryCode } from "~/lib/countries";
import { STANDARD_VAT_RATES } from "~/lib/vat-rates";
import { FIRST_START_SHIPPING } from "~/domain/first-start-shipping";
import type { KillPoint } from "./kill-points";
import { parseTestHooks, testHooksOf } from "./test-hook-switch";
import * as tuning from "./tuning.server";

// Environment -> typed configuration, checked once at start. A wrong value stops start-up
// with a message that names the variable, instead of failing later on a request. Only what differs
// between deployments (ports, storage, backends, hosts, secrets, the shop's identity) is a variable:
// shop figures live in the store (seeded from app/domain), timings in tuning.server.ts, and test
// hooks behind the one switch HEMLINE_TEST_HOOKS (test-hook-switch.ts).

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  // One message naming the entries that are not addresses (zod alone reports "ADMIN_EMAILS.0").
  .superRefine((emails, ctx) => {
    const bad = emails.filter((e) => !z.string().email().safeParse(e).success);
    if (bad.length > 0)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be a comma-separated list of e-mail addresses (not an address: ${bad.map((e) => `"${e}"`).join(", ")})`,
      });
  });

/**
 * Without GIFT_CARD_CODE_KEY, a key derived from the session secret (HKDF-SHA256): every production shop
 * has one, so a zero-configuration start can sell cards for a later date. Set the variable before
 * rotating SESSION_SECRET, or codes sealed with the old one cannot be opened (docs/operations.md).
 */
export function derivedGiftCardCodeKey(sessionSecret: string): string {
  return Buffer.from(crypto.hkdfSync("sha256", sessionSecret, "hemline", "gift card codes", 32)).toString("hex");
}

/** Signs cookies when SESSION_SECRET is unset outside production; `npm run check:production` refuses it. */
export const DEV_SESSION_SECRET = "hemline-development-secret-not-for-production";

const flag = () =>
  z
    .enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "must be 1 or 0 (true or false)" }) })
    .transform((v) => v === "1" || v === "true")
    .default("0");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    SHOP_BACKEND: z.enum(["embedded", "firebase"]).default("embedded"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Seals the codes of gift cards bought for a later send date until they are e-mailed (AES-256-GCM).
    GIFT_CARD_CODE_KEY: z
      .string()
      .trim()
      .regex(
        /^[0-9a-fA-F]{64}$/,
        "must be 64 hexadecimal characters (32 bytes), like the output of `openssl rand -hex 32`",
      )
      .optional(),
    ADMIN_EMAILS: emailList,
    SUPPORT_EMAIL: z.string().email().default("support@hemline.example"),
    SHOP_NAME: z.string().min(1).max(60).default("Hemline"),
    SHOP_SHORT_NAME: z
      .string()
      .regex(/^[a-z0-9-]{1,30}$/, "must be lower-case letters, digits or hyphens")
      .default("hemline"),
    PUBLIC_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), "must be an http:// or https:// URL")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    // Strict-Transport-Security (sent only when PUBLIC_URL is https): also for every subdomain, and
    // asking to be on browsers' preload list (which requires includeSubDomains).
    HSTS_INCLUDE_SUBDOMAINS: flag(),
    HSTS_PRELOAD: flag(),
    // Keeping rendered catalogue pages and answering repeat visits before Remix (app/server/page-delivery):
    // "off" serves every page through Remix's streaming renderer, nothing kept.
    PAGE_CACHE: z.enum(["on", "off"], { message: 'must be "on" or "off"' }).default("on"),
    // How many reverse proxies in front of the shop append to X-Forwarded-For (0: none, so every
    // X-Forwarded-* header is the client's own word and ignored).
    TRUST_PROXY: z
      .string()
      .regex(
        /^([0-9]|true|false)$/,
        "must be the number of reverse proxies in front of the shop (0 to 9), or true (1) / false (0)",
      )
      .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_API_KEY: z.string().min(1).optional(),
    FIREBASE_APP_ID: z.string().min(1).optional(),
    FIREBASE_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, "must be a Google Analytics measurement id such as G-ABC123XYZ")
      .optional(),
    GCLOUD_PROJECT: z.string().min(1).optional(),
    // The shop's home country: the Google product feed's target when its URL names none (?country=), checkout's
    // first country and the footer's delivery figures (its shipping zone's).
    FEED_COUNTRY: z
      .enum(SHIPPING_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]], {
        errorMap: () => ({ message: "must be the code of a country the shop delivers to (IE, DE, FR, …)" }),
      })
      .default("IE"),
    // Printed on every invoice: the seller's registered address (lines separated by "|") and VAT number.
    INVOICE_SELLER_ADDRESS: z.string().max(300).optional(),
    VAT_NUMBER: z.string().max(30).optional(),
    // The shop's voluntary returns promise; never shorter than the 14-day legal right of withdrawal.
    RETURNS_WINDOW_DAYS: z.coerce
      .number()
      .int("must be a whole number of days")
      .min(14, "must be at least 14 (the legal right of withdrawal)")
      .max(365)
      .default(30),
    // Stripe Checkout Sessions last 30 minutes to 24 hours; the same window applies to card orders.
    PENDING_PAYMENT_EXPIRY_MINUTES: z.coerce
      .number()
      .int("must be a whole number of minutes")
      .min(30)
      .max(24 * 60)
      .default(30),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    // Log lines as text, or one JSON object per line for Cloud Logging (the default where K_SERVICE is set: Cloud Run).
    LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).optional(),
    K_SERVICE: z.string().optional(),
    // /metrics answers only a scraper that sends it as a bearer token; unset, /metrics is 404.
    METRICS_TOKEN: z
      .string()
      .min(24, "must be at least 24 characters (it guards the shop's metrics)")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
    // Webhook endpoints on private, loopback or link-local addresses: refused (SSRF) unless this is 1 (tests, a private network).
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag(),
    FIRESTORE_EMULATOR_HOST: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
    FIREBASE_STORAGE_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/,
        "must be a Cloud Storage bucket name such as my-shop.firebasestorage.app (no gs://)",
      )
      .optional(),
    // Backups of the embedded store (npm run backup, and the schedule while serving).
    BACKUP_DIR: z.string().min(1).optional(),
    // Fractions are accepted (0.5 = every 30 s), for tests; 0 turns the schedule off.
    BACKUP_EVERY_MINUTES: z.coerce
      .number({ invalid_type_error: "must be a number of minutes (0 turns scheduled backups off)" })
      .min(0, "must be 0 (off) or a number of minutes")
      .max(7 * 24 * 60, "must be at most 10080 (a week)")
      .refine((m) => m === 0 || m >= 0.01, "must be 0 (off) or at least 0.01")
      .default(60),
    BACKUP_KEEP: z.coerce
      .number({ invalid_type_error: "must be a whole number of backups to keep" })
      .int("must be a whole number of backups to keep")
      .min(1, "must keep at least 1 backup")
      .default(48),
    // firebase-admin reads it itself; checked here so a URL fails at start, not on the first upload.
    FIREBASE_STORAGE_EMULATOR_HOST: z
      .string()
      .regex(/^[^/\s]+:\d{1,5}$/, "must be host:port, without http://")
      .optional(),
    // The one switch of the test hooks (test-hook-switch.ts): refused when NODE_ENV=production.
    HEMLINE_TEST_HOOKS: z
      .string()
      .superRefine((raw, ctx) => {
        for (const problem of parseTestHooks(raw).problems)
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.HEMLINE_TEST_HOOKS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["HEMLINE_TEST_HOOKS"],
        message:
          "is refused when NODE_ENV=production: test hooks let a visitor fill the storage or kill the shop (tests run it with NODE_ENV=test)",
      });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production (at least 32 random characters; `npm start` creates one in DATA_DIR)",
      });
    }
    if (env.HSTS_PRELOAD && !env.HSTS_INCLUDE_SUBDOMAINS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["HSTS_PRELOAD"],
        message: "needs HSTS_INCLUDE_SUBDOMAINS=1 (browsers' preload list takes only includeSubDomains)",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set (orders are marked paid by the signed webhook)",
      });
    }
    if (env.SHOP_BACKEND === "firebase" && !(env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FIREBASE_PROJECT_ID"],
        message: "is required when SHOP_BACKEND=firebase (or set GCLOUD_PROJECT)",
      });
    }
    if (env.SHOP_BACKEND === "firebase" && !env.FIREBASE_API_KEY && !env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FIREBASE_API_KEY"],
        message: "is required when SHOP_BACKEND=firebase (the Web API key of the Firebase project)",
      });
    }
    // Firebase Analytics needs the web app's public configuration, not only the measurement id.
    if (env.FIREBASE_MEASUREMENT_ID) {
      const missing = [
        ["FIREBASE_APP_ID", env.FIREBASE_APP_ID],
        ["FIREBASE_API_KEY", env.FIREBASE_API_KEY],
        ["FIREBASE_PROJECT_ID", env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT],
      ] as const;
      for (const [name, value] of missing) {
        if (!value) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [name],
            message: "is required when FIREBASE_MEASUREMENT_ID is set (analytics)",
          });
        }
      }
    }
  });

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  backend: "embedded" | "firebase";
  sessionSecret: string;
  /** 32 bytes (hex) sealing scheduled gift card codes: GIFT_CARD_CODE_KEY, else derived from the session secret. */
  giftCardCodeKey: string;
  adminEmails: string[];
  supportEmail: string;
  shopName: string;
  shopShortName: string;
  /** The shop's public origin (PUBLIC_URL), for links in e-mails, canonical URLs and the sitemap. */
  publicUrl: string | undefined;
  /** Whether catalogue pages are kept and repeat visits answered before Remix (PAGE_CACHE). */
  pageCache: "on" | "off";
  /** Reverse proxies trusted to append X-Forwarded-For/Host/Proto (TRUST_PROXY); 0 trusts none. */
  trustProxy: number;
  /** Strict-Transport-Security's options; the header itself only when publicUrl is https. */
  hsts: { includeSubDomains: boolean; preload: boolean };
  mail: { smtpUrl: string | undefined; from: string };
  firebase: {
    projectId: string | undefined;
    apiKey: string | undefined;
    firestoreEmulatorHost: string | undefined;
    authEmulatorHost: string | undefined;
    /** Bucket of product photos and blog covers on the Firebase backend. */
    storageBucket: string | undefined;
    storageEmulatorHost: string | undefined;
  };
  /**
   * The starting delivery prices in cents (FIRST_START_SHIPPING, seeded once as the zone Europe; afterwards
   * the shipping zones price delivery); standard delivery is free from freeFromMinor (items' value).
   */
  shipping: { standardMinor: number; expressMinor: number; freeFromMinor: number };
  /** VAT rates (percent) by delivery country, and the rate for any other; prices include VAT. */
  vat: { rates: Readonly<Record<string, number>> };
  /** What invoices print about the seller, and how many numbers a process reserves at a time. */
  invoice: { sellerAddress: string[]; vatNumber: string | undefined; numberBlock: number };
  /** Days from delivery in which the shop takes items back for free (at least the legal 14). */
  returnsWindowDays: number;
  /** The product feed's default target country (its shipping rows). */
  feed: { country: CountryCode; rebuildEveryMs: number; leaseMs: number; readChunkBytes: number };
  /** An order still awaiting payment after this long releases its stock (as Stripe Checkout sessions expire). */
  pendingPaymentExpiryMs: number;
  /** Backups of the embedded store: where they go, how often while serving (0: never), how many the schedule keeps. */
  backup: { dir: string; everyMs: number; keep: number };
  /** Stripe Checkout when set; otherwise the built-in test card processor. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Log lines as text or as JSON for Cloud Logging. */
  logFormat: "text" | "json";
  /** HEMLINE_TEST_HOOKS=storage-full (never in production): the routes under /test-hooks exist. */
  testHooks: boolean;
  /** The bearer token /metrics asks for; undefined: /metrics does not exist. */
  metricsToken: string | undefined;
  /** Crash points and a stand-in Stripe of the end-to-end specs (HEMLINE_TEST_HOOKS); undefined on a real shop. */
  crashHooks: { killAt: KillPoint | undefined; stripeApi: string | undefined } | undefined;
  /** The admin API: requests per key per minute. */
  api: { ratePerMinute: number };
  /** Webhooks: whether endpoints may be on private, loopback or link-local addresses. */
  webhooks: { allowPrivateAddresses: boolean; sweepMs: number };
  /** Abandoned-checkout reminders: when the first is due, and how often instances look. */
  reminders: { abandonedAfterHours: number; sweepMs: number };
  /** Firebase Analytics' public web configuration; undefined when analytics is not configured. */
  analytics: { measurementId: string; appId: string; apiKey: string; projectId: string } | undefined;
}

export interface ConfigIssue {
  /** The variable at fault ("environment" when none). */
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly issues: ConfigIssue[] = [],
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

type VariableSchemas = ReturnType<typeof schema.innerType>["shape"];

/**
 * One variable as start-up parses it, or undefined when it is unset or invalid (parseConfig says
 * why): `npm run check:production` judges values with the same parsers, not a second set.
 */
export function parseVariable<K extends keyof VariableSchemas>(
  name: K,
  raw: string | undefined,
): z.output<VariableSchemas[K]> | undefined {
  if (raw === undefined || raw === "") return undefined;
  const result = schema.innerType().shape[name].safeParse(raw);
  return result.success ? (result.data as z.output<VariableSchemas[K]>) : undefined;
}

/** A project's default Cloud Storage bucket (projects made before October 2024 have {project}.appspot.com: set FIREBASE_STORAGE_BUCKET). */
const defaultBucket = (projectId: string | undefined) => (projectId ? `${projectId}.firebasestorage.app` : undefined);

/** Parse an environment (process.env by default). Throws ConfigError naming every bad variable. */
export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "unset" (a blank line in .env), not "the empty string".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      // The variable, never zod's path into its value ("ADMIN_EMAILS", not "ADMIN_EMAILS.0").
      variable: issue.path.length > 0 ? String(issue.path[0]) : "environment",
      message: issue.message,
    }));
    const lines = issues.map((issue) => `  ${issue.variable}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`, issues);
  }
  const env = result.data;
  const hooks = testHooksOf(env.HEMLINE_TEST_HOOKS);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    backend: env.SHOP_BACKEND,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    giftCardCodeKey: (
      env.GIFT_CARD_CODE_KEY ?? derivedGiftCardCodeKey(env.SESSION_SECRET ?? DEV_SESSION_SECRET)
    ).toLowerCase(),
    adminEmails: env.ADMIN_EMAILS,
    supportEmail: env.SUPPORT_EMAIL,
    shopName: env.SHOP_NAME,
    shopShortName: env.SHOP_SHORT_NAME,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY ?? 0,
    pageCache: env.PAGE_CACHE,
    hsts: { includeSubDomains: env.HSTS_INCLUDE_SUBDOMAINS, preload: env.HSTS_PRELOAD },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.SHOP_NAME} <${env.SUPPORT_EMAIL}>` },
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT,
      // The Auth emulator accepts any key.
      apiKey: env.FIREBASE_API_KEY ?? (env.FIREBASE_AUTH_EMULATOR_HOST ? "emulator-api-key" : undefined),
      firestoreEmulatorHost: env.FIRESTORE_EMULATOR_HOST,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      storageBucket: env.FIREBASE_STORAGE_BUCKET ?? defaultBucket(env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT),
      storageEmulatorHost: env.FIREBASE_STORAGE_EMULATOR_HOST,
    },
    shipping: { ...(hooks?.shippingSeed ?? FIRST_START_SHIPPING) },
    vat: { rates: STANDARD_VAT_RATES },
    invoice: {
      sellerAddress: (env.INVOICE_SELLER_ADDRESS ?? "")
        .split("|")
        .map((line) => line.trim())
        .filter(Boolean),
      vatNumber: env.VAT_NUMBER,
      numberBlock: tuning.INVOICE_NUMBER_BLOCK[env.SHOP_BACKEND],
    },
    returnsWindowDays: env.RETURNS_WINDOW_DAYS,
    feed: {
      country: env.FEED_COUNTRY,
      rebuildEveryMs: Math.round((hooks?.feedRebuildSeconds ?? tuning.FEED_REBUILD_SECONDS) * 1000),
      leaseMs: tuning.FEED_LEASE_SECONDS * 1000,
      readChunkBytes: tuning.FEED_READ_CHUNK_BYTES,
    },
    logFormat: env.LOG_FORMAT ?? (env.K_SERVICE ? "json" : "text"),
    metricsToken: env.METRICS_TOKEN,
    testHooks: hooks?.storageFull ?? false,
    api: { ratePerMinute: hooks?.apiRatePerMinute ?? tuning.API_RATE_LIMIT_PER_MINUTE },
    webhooks: {
      allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      sweepMs: Math.round((hooks?.webhookSweepSeconds ?? tuning.WEBHOOK_SWEEP_SECONDS) * 1000),
    },
    reminders: {
      abandonedAfterHours: hooks?.abandonedAfterHours ?? tuning.ABANDONED_AFTER_HOURS,
      sweepMs: Math.round((hooks?.reminderSweepSeconds ?? tuning.REMINDER_SWEEP_SECONDS) * 1000),
    },
    pendingPaymentExpiryMs: env.PENDING_PAYMENT_EXPIRY_MINUTES * 60_000,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")),
      everyMs: Math.round(env.BACKUP_EVERY_MINUTES * 60_000),
      keep: env.BACKUP_KEEP,
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    crashHooks: hooks ? { killAt: hooks.killAt, stripeApi: hooks.stripeApi } : undefined,
    analytics:
      env.FIREBASE_MEASUREMENT_ID &&
      env.FIREBASE_APP_ID &&
      env.FIREBASE_API_KEY &&
      (env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT)
        ? {
            measurementId: env.FIREBASE_MEASUREMENT_ID,
            appId: env.FIREBASE_APP_ID,
            apiKey: env.FIREBASE_API_KEY,
            projectId: (env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT) as string,
          }
        : undefined,
  };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig();
  return cached;
}
