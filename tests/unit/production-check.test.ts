import { describe, expect, it } from "vitest";
import { DEV_SESSION_SECRET } from "~/server/config.server";
import { runCheck } from "../../scripts/check-production";
import { type checkProduction, type Env, type FirebaseFindings } from "../../scripts/production-check";

// `npm run check:production`, one environment at a time: each problem gets its own line naming the
// variable, and only a sound environment exits 0.

const SOUND: Env = {
  SESSION_SECRET: "q3N8vX1rT6yP0bL4mK9sD2fG7hJ5wZcE-aUoIiRe_Yt", // 43 random base64url characters
  PUBLIC_URL: "https://shop.example.com",
  TRUST_PROXY: "1",
  ADMIN_EMAILS: "owner@example.com",
};

const FIREBASE: Env = {
  ...SOUND,
  SHOP_BACKEND: "firebase",
  FIREBASE_PROJECT_ID: "hemline-prod",
  FIREBASE_API_KEY: "AIzaSyExample",
};

const answering: FirebaseFindings = { firestore: { reachable: true }, rules: { missing: [] } };

/** The printed lines and the exit code for an environment. */
async function check(env: Env, options: Parameters<typeof checkProduction>[1] = {}) {
  const lines: string[] = [];
  const exitCode = await runCheck(env, options, (line) => lines.push(line));
  return { lines, exitCode, problems: lines.filter((l) => l.startsWith("✗")) };
}

describe("npm run check:production", () => {
  it("passes a sound environment, embedded or Firebase, with exit code 0", async () => {
    expect(await check(SOUND)).toEqual({
      lines: ["✓ The environment is ready for production."],
      exitCode: 0,
      problems: [],
    });
    const firebase = await check(FIREBASE, { probeFirebase: async () => answering });
    expect(firebase.exitCode).toBe(0);
    expect(firebase.problems).toEqual([]);
  });

  it.each([
    ["missing", { SESSION_SECRET: undefined }, /SESSION_SECRET: is not set/],
    ["the development default", { SESSION_SECRET: DEV_SESSION_SECRET }, /SESSION_SECRET: is the development default/],
    ["short", { SESSION_SECRET: "abc123" }, /SESSION_SECRET: is 6 characters; it must be at least 32/],
    ["low in entropy", { SESSION_SECRET: "passwordpasswordpasswordpassword" }, /SESSION_SECRET: has low entropy/],
    ["PUBLIC_URL missing", { PUBLIC_URL: undefined }, /PUBLIC_URL: is not set/],
    [
      "PUBLIC_URL on http",
      { PUBLIC_URL: "http://shop.example.com" },
      /PUBLIC_URL: is http:\/\/shop\.example\.com: .*https/,
    ],
    ["PUBLIC_URL no URL", { PUBLIC_URL: "shop.example.com" }, /PUBLIC_URL: Invalid url/],
    ["TRUST_PROXY unset behind TLS", { TRUST_PROXY: undefined }, /TRUST_PROXY: is 0 while PUBLIC_URL is https/],
    ["TRUST_PROXY false behind TLS", { TRUST_PROXY: "false" }, /TRUST_PROXY: is 0 while PUBLIC_URL is https/],
    ["TRUST_PROXY invalid", { TRUST_PROXY: "yes" }, /TRUST_PROXY: must be the number of reverse proxies/],
    [
      "a Stripe key without its webhook secret",
      { STRIPE_SECRET_KEY: "sk_live_abc" },
      /STRIPE_WEBHOOK_SECRET: is not set but STRIPE_SECRET_KEY is/,
    ],
    [
      "a webhook secret without the key",
      { STRIPE_WEBHOOK_SECRET: "whsec_abc" },
      /STRIPE_SECRET_KEY: is not set but STRIPE_WEBHOOK_SECRET is/,
    ],
    ["ADMIN_EMAILS empty", { ADMIN_EMAILS: " " }, /ADMIN_EMAILS: is empty/],
    ["a value start-up refuses", { RETURNS_WINDOW_DAYS: "7" }, /RETURNS_WINDOW_DAYS: .*at least 14/],
    ["preload without includeSubDomains", { HSTS_PRELOAD: "1" }, /HSTS_PRELOAD: needs HSTS_INCLUDE_SUBDOMAINS=1/],
    [
      "webhooks allowed to private addresses",
      { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1" },
      /WEBHOOK_ALLOW_PRIVATE_ADDRESSES: is on: .*own network/,
    ],
    [
      "an emulator in production",
      { FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" },
      /FIRESTORE_EMULATOR_HOST: is set .*emulator/,
    ],
  ])("says so, on one line, when SESSION_SECRET or another variable is %s", async (_, change, line) => {
    const { problems, exitCode } = await check({ ...SOUND, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(line);
    expect(exitCode).toBe(1);
  });

  it("takes the secret an earlier npm start kept in DATA_DIR, and judges it", async () => {
    expect(
      (await check({ ...SOUND, SESSION_SECRET: undefined }, { storedSessionSecret: SOUND.SESSION_SECRET })).exitCode,
    ).toBe(0);
    const weak = await check({ ...SOUND, SESSION_SECRET: undefined }, { storedSessionSecret: "x".repeat(40) });
    expect(weak.problems).toEqual([expect.stringMatching(/SESSION_SECRET: has low entropy/)]);
  });

  it("accepts TRUST_PROXY=0 behind TLS when the operator says the proxy sends no X-Forwarded-For", async () => {
    expect((await check({ ...SOUND, TRUST_PROXY: "0" }, { proxyWithoutForwardedFor: true })).exitCode).toBe(0);
  });

  it("on Firebase: an unreachable project and unreleased rules are problems; rules it cannot see are a note", async () => {
    const unreachable = await check(FIREBASE, {
      probeFirebase: async () => ({
        firestore: { reachable: false, reason: "Firestore: no answer within 10 s" },
        rules: { missing: [] },
      }),
    });
    expect(unreachable.problems).toEqual([
      "✗ FIREBASE_PROJECT_ID: Firestore of project hemline-prod did not answer a read: Firestore: no answer within 10 s",
    ]);
    const noRules = await check(FIREBASE, {
      probeFirebase: async () => ({
        firestore: { reachable: true },
        rules: { missing: ["cloud.firestore", "firebase.storage/hemline-prod.firebasestorage.app"] },
      }),
    });
    expect(noRules.problems).toEqual([
      "✗ FIREBASE_PROJECT_ID: project hemline-prod has no security rules released for cloud.firestore and " +
        "firebase.storage/hemline-prod.firebasestorage.app: run `firebase deploy --only firestore,storage`",
    ]);
    const cannotTell = await check(FIREBASE, {
      probeFirebase: async () => ({
        firestore: { reachable: true },
        rules: { unknown: "the emulators have no released rules to ask about" },
      }),
    });
    expect(cannotTell.exitCode).toBe(0);
    expect(cannotTell.lines).toContain(
      "note: Security rules: cannot tell whether they are deployed (the emulators have no released rules to ask about).",
    );
  });

  it("does not ask Firebase while the configuration is refused, and says why", async () => {
    let asked = false;
    const result = await check(
      { ...FIREBASE, FIREBASE_PROJECT_ID: undefined },
      { probeFirebase: async () => ((asked = true), answering) },
    );
    expect(asked).toBe(false);
    expect(result.problems).toEqual([
      expect.stringMatching(/FIREBASE_PROJECT_ID: is required when SHOP_BACKEND=firebase/),
    ]);
    expect(result.lines).toContain("note: The Firebase project was not asked: fix the configuration above first.");
  });
});
