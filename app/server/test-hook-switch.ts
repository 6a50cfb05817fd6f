import { KILL_POINTS, type KillPoint } from "./kill-points";

// The one switch for test hooks: HEMLINE_TEST_HOOKS, a comma-separated list of `name` or
// `name=value` entries, e.g. `storage-full,kill-at=after-order-placed,webhook-sweep-seconds=0.2`.
// Start-up refuses it when NODE_ENV=production (config.server.ts), so a real shop never has a
// route that fills its storage, a point where it kills itself, or test-speed timings. No imports
// beyond the kill points: the Firestore adapters read it at load, before configuration exists.

export interface TestHooks {
  /** POST /test-hooks/storage-full exists (it makes the embedded storage answer as a full disk does). */
  storageFull: boolean;
  /** Kill the serving process at this point of a payment (test-hooks.server.ts). */
  killAt?: KillPoint;
  /** A stand-in for api.stripe.com (http://host:port). */
  stripeApi?: string;
  /** Test-speed timings in place of the constants in tuning.server.ts. */
  feedRebuildSeconds?: number;
  webhookSweepSeconds?: number;
  reminderSweepSeconds?: number;
  abandonedAfterHours?: number;
  apiRatePerMinute?: number;
  /** How long a page waits for Firestore (a loaded emulator answers more slowly than Firestore). */
  firestoreTimeoutMs?: number;
  /** First-start delivery prices in cents, in place of FIRST_START_SHIPPING: `standard/express/freeFrom`. */
  shippingSeed?: { standardMinor: number; expressMinor: number; freeFromMinor: number };
}

const number =
  (min: number, max: number) =>
  (value: string): number | string => {
    const n = Number(value);
    return value.trim() !== "" && Number.isFinite(n) && n >= min && n <= max
      ? n
      : `must be a number from ${min} to ${max}`;
  };

/** Each hook: its name in the switch, and how its value is read (a string is the complaint). */
const HOOKS: Record<string, (value: string | undefined, hooks: TestHooks) => string | undefined> = {
  "storage-full": (value, hooks) => {
    if (value !== undefined) return "takes no value";
    hooks.storageFull = true;
  },
  "kill-at": (value, hooks) => {
    if (!KILL_POINTS.includes(value as KillPoint)) return `must be one of ${KILL_POINTS.join(", ")}`;
    hooks.killAt = value as KillPoint;
  },
  "stripe-api": (value, hooks) => {
    if (!value || !/^https?:\/\/[^\s,]+$/.test(value)) return "must be a URL such as http://127.0.0.1:12111";
    hooks.stripeApi = value;
  },
  "feed-rebuild-seconds": numeric("feedRebuildSeconds", 0, 86_400),
  "webhook-sweep-seconds": numeric("webhookSweepSeconds", 0.1, 3600),
  "reminder-sweep-seconds": numeric("reminderSweepSeconds", 0.1, 86_400),
  "abandoned-after-hours": numeric("abandonedAfterHours", 0.0001, 720),
  "api-rate-limit-per-minute": numeric("apiRatePerMinute", 1, 100_000),
  "firestore-timeout-ms": numeric("firestoreTimeoutMs", 1000, 120_000),
  "shipping-seed": (value, hooks) => {
    const cents = (value ?? "").split("/").map(Number);
    if (cents.length !== 3 || !cents.every((c) => Number.isInteger(c) && c >= 0))
      return "must be three whole numbers of cents, standard/express/free-from (such as 111/2222/12345)";
    hooks.shippingSeed = { standardMinor: cents[0], expressMinor: cents[1], freeFromMinor: cents[2] };
  },
};

type NumericHook =
  | "feedRebuildSeconds"
  | "webhookSweepSeconds"
  | "reminderSweepSeconds"
  | "abandonedAfterHours"
  | "apiRatePerMinute"
  | "firestoreTimeoutMs";

function numeric(key: NumericHook, min: number, max: number) {
  const read = number(min, max);
  return (value: string | undefined, hooks: TestHooks) => {
    const n = read(value ?? "");
    if (typeof n === "string") return n;
    hooks[key] = n;
  };
}

/** The hook names the switch accepts (for messages and docs). */
export const TEST_HOOK_NAMES = Object.keys(HOOKS);

/** The switch's hooks, or the complaints about its entries (each naming the entry). */
export function parseTestHooks(raw: string): { hooks: TestHooks; problems: string[] } {
  const hooks: TestHooks = { storageFull: false };
  const problems: string[] = [];
  for (const entry of raw.split(",").map((e) => e.trim())) {
    if (!entry) continue;
    const at = entry.indexOf("=");
    const name = at === -1 ? entry : entry.slice(0, at);
    const value = at === -1 ? undefined : entry.slice(at + 1);
    const read = HOOKS[name];
    const problem = read ? read(value, hooks) : `is not a test hook (${TEST_HOOK_NAMES.join(", ")})`;
    if (problem) problems.push(`${name} ${problem}`);
  }
  return { hooks, problems };
}

/** The hooks of an environment's switch; none when unset or when an entry is wrong (start-up says why). */
export function testHooksOf(raw: string | undefined): TestHooks | undefined {
  if (!raw) return undefined;
  const { hooks, problems } = parseTestHooks(raw);
  return problems.length === 0 ? hooks : undefined;
}
