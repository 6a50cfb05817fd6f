import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalIdentity } from "~/server/auth/local/identity.server";
import { IdentityError, type IdentityErrorCode, type IdentityProvider } from "~/server/auth/port";
import type { MailMessage, Mailer } from "~/server/mail/port";
import {
  createAccountsService,
  NOT_AUTHENTICATED,
  type AccountsService,
  type Registration,
} from "~/server/services/accounts/accounts.server";
import { LIMITS } from "~/server/services/accounts/rate-limit.server";
import type { Store } from "~/server/store/port";
import { FirestoreUnavailableError } from "~/server/store/firestore/availability.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// The accounts service's rules (profiles, roles, sessions, passwords, errors) on the embedded backend.
let store: Store;
let accounts: AccountsService;
let remove: () => void;
let db: ReturnType<typeof openDatabase>;
/** Every e-mail the service sent. */
const sent: MailMessage[] = [];
const mailer: Mailer = { kind: "outbox", send: async (message) => void sent.push(message) };
const LINKS = { signInUrl: "https://shop.test/auth/login", resetUrl: "https://shop.test/auth/forgot-password" };

/** A registration that made a new account (or the test fails). */
function created(result: Registration) {
  if (!result.success || "alreadyRegistered" in result) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result;
}

beforeAll(() => {
  const temp = makeTempDir();
  remove = temp.remove;
  db = openDatabase(temp.dir);
  store = createSqliteStoreOn(db);
  const identity = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
  accounts = createAccountsService({
    identity,
    store,
    adminEmails: ["owner@hemline.test"],
    mailer,
    shopName: "Hemline",
  });
});

afterAll(async () => {
  await store.close();
  remove();
});

describe("accounts service", () => {
  it("registration creates a profile with the role from the admin list", async () => {
    const shopper = created(await accounts.register("shopper@hemline.test", "long enough", null, LINKS));
    const owner = created(await accounts.register("  Owner@Hemline.test ", "long enough", null, LINKS));
    expect(shopper.profile?.role).toBe("user");
    expect(owner.profile?.role).toBe("admin");
    expect(owner.profile?.email).toBe("owner@hemline.test");
  });

  it("sign-in returns the spec's result shape", async () => {
    expect(await accounts.signIn("shopper@hemline.test", "wrong one", null)).toEqual({
      success: false,
      error: "Incorrect e-mail or password",
    });
    const ok = await accounts.signIn("shopper@hemline.test", "long enough", null);
    expect(ok.success).toBe(true);
  });

  it("recreates a missing profile when the session is loaded", async () => {
    const signedIn = created(await accounts.register("lost@hemline.test", "long enough", null, LINKS));
    // A profile missing from the store (e.g. an account made before profiles existed).
    db.prepare("DELETE FROM profiles WHERE uid = ?").run(signedIn.identity.uid);
    expect(await store.profiles.get(signedIn.identity.uid)).toBeNull();
    const state = await accounts.load(signedIn.session.token);
    expect(state.userProfile).toMatchObject({ uid: signedIn.identity.uid, email: "lost@hemline.test", role: "user" });
    expect(await store.profiles.get(signedIn.identity.uid)).not.toBeNull();
  });

  it("updates a profile by merging and refreshing updatedAt, only when signed in", async () => {
    const signedIn = await accounts.signIn("shopper@hemline.test", "long enough", null);
    if (!signedIn.success) throw new Error("sign-in failed");
    const state = await accounts.load(signedIn.session.token);
    const updated = await accounts.updateProfile(state, { displayName: "Sam" });
    expect(updated.success && updated.profile).toMatchObject({
      displayName: "Sam",
      role: "user",
      email: "shopper@hemline.test",
    });
    expect(updated.success && updated.profile.updatedAt >= state.userProfile!.updatedAt).toBe(true);

    expect(await accounts.updateProfile({ user: null, userProfile: null, error: null }, { displayName: "x" })).toEqual({
      success: false,
      error: NOT_AUTHENTICATED,
    });
    expect(await accounts.updateProfile({ ...state, userProfile: null }, { displayName: "x" })).toEqual({
      success: false,
      error: NOT_AUTHENTICATED,
    });
  });

  it("locks sign-in for an e-mail after five failures", async () => {
    for (let i = 0; i < 5; i++) await accounts.signIn("target@hemline.test", "guess", null);
    const refused = await accounts.signIn("target@hemline.test", "guess", null);
    expect(refused).toMatchObject({ success: false, error: expect.stringMatching(/^Too many attempts/) });
    expect(!refused.success && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("throttles one client spraying one wrong password over 60 accounts before the 60th", async () => {
    const victims = Array.from({ length: 60 }, (_, i) => `sprayed-${i}@hemline.test`);
    for (const email of victims.slice(0, 10)) created(await accounts.register(email, "a real password", null, LINKS));
    const answers = [];
    for (const email of victims) answers.push(await accounts.signIn(email, "Summer2026!", "203.0.113.7"));
    const first = answers.findIndex((a) => !a.success && a.retryAfterSeconds);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(59);
    expect(first).toBe(LIMITS.signInPerIp.max);
    expect(answers[first]).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
    // Every later attempt is refused too, without checking the password.
    expect(answers.slice(first).every((a) => !a.success && a.retryAfterSeconds)).toBe(true);
    // Another client is not affected.
    expect(await accounts.signIn(victims[0], "a real password", "198.51.100.20")).toMatchObject({ success: true });
  }, 120_000);

  it("counts guesses fired in parallel from one client, not only one after the other", async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => accounts.signIn(`parallel-${i}@hemline.test`, "guess", "203.0.113.8")),
    );
    const checked = answers.filter((a) => !a.success && a.error === "Incorrect e-mail or password");
    expect(checked.length).toBeLessThanOrEqual(LIMITS.signInPerIp.max);
    expect(answers.filter((a) => !a.success && a.retryAfterSeconds).length).toBeGreaterThanOrEqual(
      80 - LIMITS.signInPerIp.max,
    );
  }, 120_000);

  it("counts failures on one account from every address", async () => {
    created(await accounts.register("roamed@hemline.test", "a real password", null, LINKS));
    const answers = [];
    for (let i = 1; i <= 6; i++)
      answers.push(await accounts.signIn("roamed@hemline.test", `guess ${i}`, `198.51.100.${100 + i}`));
    expect(answers.slice(0, 5).every((a) => !a.success && !a.retryAfterSeconds)).toBe(true);
    expect(answers[5]).toMatchObject({ success: false, error: expect.stringMatching(/^Too many attempts/) });
  });

  it("lets a client's successful sign-ins off: its address counts failures only", async () => {
    created(await accounts.register("office@hemline.test", "a real password", null, LINKS));
    const office = "192.0.2.50";
    for (let i = 0; i < LIMITS.signInPerIp.max - 1; i++)
      await accounts.signIn(`typo-${i}@hemline.test`, "guess", office);
    for (let i = 0; i < 3; i++)
      expect(await accounts.signIn("office@hemline.test", "a real password", office)).toMatchObject({ success: true });
    // Still one failure left before the limit, as before the three successes.
    expect(await accounts.signIn("typo-last@hemline.test", "guess", office)).toEqual({
      success: false,
      error: "Incorrect e-mail or password",
    });
    expect(await accounts.signIn("typo-over@hemline.test", "guess", office)).toMatchObject({
      success: false,
      retryAfterSeconds: expect.any(Number),
    });
  }, 120_000);

  it("answers a registration with a taken address as for a new one, and e-mails its owner instead", async () => {
    created(await accounts.register("taken@hemline.test", "the owner's password", null, LINKS));
    sent.length = 0;
    const again = await accounts.register(" Taken@Hemline.test", "an attacker's password", "203.0.113.30", LINKS);
    expect(again).toEqual({ success: true, alreadyRegistered: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "taken@hemline.test", subject: "Your Hemline account" });
    expect(sent[0].text).toContain("Someone tried to create a Hemline account with this e-mail address");
    expect(sent[0].text).toContain(LINKS.signInUrl);
    expect(sent[0].text).toContain(LINKS.resetUrl);
    // Nothing changed: the owner's password still works, the attacker's does not.
    expect(await accounts.signIn("taken@hemline.test", "the owner's password", null)).toMatchObject({ success: true });
    expect(await accounts.signIn("taken@hemline.test", "an attacker's password", null)).toMatchObject({
      success: false,
    });
  });

  it("e-mails the owner of a taken address at most three times an hour, answering the same", async () => {
    created(await accounts.register("pestered@hemline.test", "the owner's password", null, LINKS));
    sent.length = 0;
    for (let i = 0; i < 4; i++) {
      expect(await accounts.register("pestered@hemline.test", "whatever it is", `203.0.113.${40 + i}`, LINKS)).toEqual({
        success: true,
        alreadyRegistered: true,
      });
    }
    expect(sent.filter((m) => m.to === "pestered@hemline.test")).toHaveLength(LIMITS.registrationNoticePerEmail.max);
  });

  it("reports an unreachable profile store on the page instead of failing", async () => {
    const signedIn = await accounts.signIn("shopper@hemline.test", "long enough", null);
    if (!signedIn.success) throw new Error("sign-in failed");
    const down = new FirestoreUnavailableError();
    const brokenStore: Store = {
      ...store,
      profiles: {
        get: () => Promise.reject(down),
        createIfMissing: () => Promise.reject(down),
        update: () => Promise.reject(down),
        list: () => Promise.reject(down),
      },
    };
    const identity = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
    const offline = createAccountsService({
      identity,
      store: brokenStore,
      adminEmails: [],
      mailer,
      shopName: "Hemline",
    });
    const state = await offline.load(signedIn.session.token);
    expect(state).toMatchObject({
      user: { email: "shopper@hemline.test" },
      userProfile: null,
      error: "Firestore not available",
    });
    expect(
      await offline.updateProfile(
        {
          ...state,
          userProfile: {
            uid: state.user!.uid,
            email: "x",
            role: "user",
            displayName: null,
            createdAt: "",
            updatedAt: "",
          },
        },
        { displayName: "x" },
      ),
    ).toEqual({
      success: false,
      error: "Firestore not available",
    });
  });

  it("answers a reset request the same for known and unknown e-mails", async () => {
    const url = (t: string) => `http://x/auth/reset-password?token=${t}`;
    expect(await accounts.requestPasswordReset("shopper@hemline.test", null, url)).toEqual({ success: true });
    expect(await accounts.requestPasswordReset("nobody@hemline.test", null, url)).toEqual({ success: true });
  });
});

describe("identity failures", () => {
  /** An identity provider whose every call fails with `code`, as an adapter reports it. */
  function failingWith(code: IdentityErrorCode, detail?: string): IdentityProvider {
    const fail = async (): Promise<never> => {
      throw new IdentityError(code, detail);
    };
    return {
      kind: "local",
      signIn: fail,
      signUp: fail,
      verifySession: fail,
      claimedUid: () => null,
      endSession: fail,
      endAllSessions: fail,
      sendPasswordReset: fail,
      checkResetCode: fail,
      resetPassword: fail,
      changePassword: fail,
    };
  }

  it("reads the adapter's code and says the service's sentence, whichever backend answered", async () => {
    const said = async (code: IdentityErrorCode, detail?: string) => {
      const service = createAccountsService({
        identity: failingWith(code, detail),
        store,
        adminEmails: [],
        mailer,
        shopName: "Hemline",
      });
      const result = await service.signIn(`codes-${code}@hemline.test`, "long enough", null);
      return result.success ? null : result.error;
    };
    expect(await said("invalid-credentials")).toBe("Incorrect e-mail or password");
    expect(await said("too-many-attempts")).toBe("Too many attempts. Please wait a few minutes and try again.");
    // The provider's own code is for the log: a shopper never reads it.
    expect(await said("unavailable", "OPERATION_NOT_ALLOWED")).toBe(
      "Sign-in is not available right now. Please try again.",
    );
  });
});

describe("a session token that names someone else", () => {
  // The profile of the uid a token claims is read before the session is checked: it must count
  // only when the check names the same account.
  it("shows the profile of the account the session belongs to, never the one the token claims", async () => {
    const victim = created(await accounts.register("claimed@hemline.test", "long enough", null, LINKS));
    const forger = created(await accounts.register("forger@hemline.test", "long enough", null, LINKS));
    const real = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
    const claimingVictim = (identity: IdentityProvider): IdentityProvider => ({
      ...identity,
      claimedUid: () => victim.identity.uid,
    });
    const service = createAccountsService({
      identity: claimingVictim(real),
      store,
      adminEmails: [],
      mailer,
      shopName: "Hemline",
    });
    const signedIn = await service.load(forger.session.token);
    expect(signedIn.user?.uid).toBe(forger.identity.uid);
    expect(signedIn.userProfile?.email).toBe("forger@hemline.test");
    // A token no session matches, claiming the victim: nobody is signed in and nothing of theirs is shown.
    expect(await service.load("forged-token")).toEqual({ user: null, userProfile: null, error: null });
  });
});
