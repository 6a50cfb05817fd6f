import {
  type Config,
  ConfigError,
  type ConfigIssue,
  DEV_SESSION_SECRET,
  parseConfig,
  parseVariable,
} from "~/server/config.server";

// What `npm run check:production` judges: the environment a deploy would have, before anything
// starts. One problem per line, naming the variable; values are judged by config.server.ts's own
// parsers. Notes are what it cannot tell, and do not make a deploy unsound.

export type Env = Record<string, string | undefined>;

/** What the Firebase project answered (scripts/firebase-probe.ts asks it). */
export interface FirebaseFindings {
  firestore: { reachable: true } | { reachable: false; reason: string };
  /** Releases of security rules found and missing, or why it cannot tell. */
  rules: { missing: string[] } | { unknown: string };
}

export interface CheckOptions {
  /** Asks the Firebase project; only called on SHOP_BACKEND=firebase with a valid configuration. */
  probeFirebase?: (config: Config) => Promise<FirebaseFindings>;
  /** The operator says the TLS terminator in front writes no X-Forwarded-For (--proxy-without-forwarded-for). */
  proxyWithoutForwardedFor?: boolean;
  /** The secret `npm start` made in DATA_DIR on an earlier start, if any (embedded backend). */
  storedSessionSecret?: string;
}

export interface Report {
  problems: ConfigIssue[];
  notes: string[];
}

const MIN_SECRET_BITS = 100;

/** Shannon entropy of the secret's characters times its length: a rough upper bound of its randomness. */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return Math.round(perChar * length);
}

function sessionSecretProblem(env: Env, options: CheckOptions): string | null {
  const secret = env.SESSION_SECRET || options.storedSessionSecret;
  const make = "make one with `openssl rand -base64 48`";
  if (!secret)
    return `is not set: every instance would sign cookies with a secret of its own (${make} and keep it in your secret store)`;
  if (secret === DEV_SESSION_SECRET) return `is the development default, known to anyone with the source (${make})`;
  if (secret.length < 32) return `is ${secret.length} characters; it must be at least 32 random ones (${make})`;
  const bits = estimatedBits(secret);
  if (bits < MIN_SECRET_BITS)
    return `has low entropy (about ${bits} bits from its characters, fewer than ${MIN_SECRET_BITS}): ${make}`;
  return null;
}

/** The checks of the environment alone (no network). */
function environmentProblems(env: Env, options: CheckOptions): ConfigIssue[] {
  const problems: ConfigIssue[] = [];
  const add = (variable: string, message: string) => problems.push({ variable, message });

  const secret = sessionSecretProblem(env, options);
  if (secret) add("SESSION_SECRET", secret);

  const publicUrl = parseVariable("PUBLIC_URL", env.PUBLIC_URL);
  if (!env.PUBLIC_URL)
    add("PUBLIC_URL", "is not set: links in e-mails, payment return URLs and canonical URLs would point at localhost");
  else if (publicUrl && !publicUrl.startsWith("https://"))
    add("PUBLIC_URL", `is ${publicUrl}: a shop on the internet is served over https (cookies are Secure only then)`);

  const trustProxy = parseVariable("TRUST_PROXY", env.TRUST_PROXY) ?? (env.TRUST_PROXY ? undefined : 0);
  if (publicUrl?.startsWith("https://") && trustProxy === 0 && !options.proxyWithoutForwardedFor)
    add(
      "TRUST_PROXY",
      "is 0 while PUBLIC_URL is https: TLS ends at a proxy in front of the shop, so set TRUST_PROXY=1 (the number of proxies), " +
        "or every client shares the proxy's address for rate limits (--proxy-without-forwarded-for if that proxy sends no X-Forwarded-For)",
    );

  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    add("STRIPE_WEBHOOK_SECRET", "is not set but STRIPE_SECRET_KEY is: orders are marked paid by the signed webhook");
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY)
    add("STRIPE_SECRET_KEY", "is not set but STRIPE_WEBHOOK_SECRET is: set both to take payments with Stripe");

  if (!env.ADMIN_EMAILS?.trim()) add("ADMIN_EMAILS", "is empty: nobody would be admin of the back office");

  if (parseVariable("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES))
    add(
      "WEBHOOK_ALLOW_PRIVATE_ADDRESSES",
      "is on: an owner's webhook endpoint could make the shop post to its own network (metadata server, admin ports); it is for tests",
    );

  for (const name of ["FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_STORAGE_EMULATOR_HOST"])
    if (env[name]) add(name, `is set (${env[name]}): production would talk to a local emulator, not the project`);
  return problems;
}

/** A variable zod finds several faults in (not a URL, and not http(s)) gets one line. */
function onePerVariable(issues: ConfigIssue[]): ConfigIssue[] {
  const byVariable = new Map<string, string[]>();
  for (const issue of issues)
    byVariable.set(issue.variable, [...(byVariable.get(issue.variable) ?? []), issue.message]);
  return [...byVariable].map(([variable, messages]) => ({ variable, message: messages.join("; ") }));
}

/** Every problem a deploy with this environment would have; `problems` empty means sound. */
export async function checkProduction(env: Env, options: CheckOptions = {}): Promise<Report> {
  const own = environmentProblems(env, options);
  const notes: string[] = [];
  let config: Config | undefined;
  let refused: ConfigIssue[] = [];
  try {
    // As the shop would start: with the secret `npm start` keeps in DATA_DIR when none is given.
    config = parseConfig({
      ...env,
      SESSION_SECRET: env.SESSION_SECRET || options.storedSessionSecret,
      NODE_ENV: "production",
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    refused = error.issues;
  }
  // What start-up refuses, except what a check above already said about the same variable.
  const reported = new Set(own.map((p) => p.variable));
  const problems = [...onePerVariable(refused.filter((issue) => !reported.has(issue.variable))), ...own];

  if (env.SHOP_BACKEND === "firebase") {
    if (!config) notes.push("The Firebase project was not asked: fix the configuration above first.");
    else if (options.probeFirebase) {
      const projectId = config.firebase.projectId;
      const found = await options.probeFirebase(config);
      if (!found.firestore.reachable)
        problems.push({
          variable: "FIREBASE_PROJECT_ID",
          message: `Firestore of project ${projectId} did not answer a read: ${found.firestore.reason}`,
        });
      if ("unknown" in found.rules)
        notes.push(`Security rules: cannot tell whether they are deployed (${found.rules.unknown}).`);
      else if (found.rules.missing.length > 0)
        problems.push({
          variable: "FIREBASE_PROJECT_ID",
          message:
            `project ${projectId} has no security rules released for ${found.rules.missing.join(" and ")}: ` +
            "run `firebase deploy --only firestore,storage`",
        });
    }
  }
  return { problems, notes };
}

/** The report as printed, one line each; the exit code is 0 only without problems. */
export function formatReport(report: Report): { lines: string[]; exitCode: number } {
  const lines = [
    ...report.problems.map((p) => `✗ ${p.variable}: ${p.message}`),
    ...report.notes.map((note) => `note: ${note}`),
  ];
  if (report.problems.length === 0) lines.push("✓ The environment is ready for production.");
  else lines.push(`${report.problems.length} problem(s): fix them before deploying.`);
  return { lines, exitCode: report.problems.length === 0 ? 0 : 1 };
}
