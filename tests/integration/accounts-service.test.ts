import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalIdentity } from "~/server/auth/local/identity.server";
import { createAccountsService, NOT_AUTHENTICATED, type AccountsService } from "~/server/services/accounts/accounts.server";
import type { Store } from "~/server/store/port";
import { FirestoreUnavailableError } from "~/server/store/firestore/availability.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// The accounts service's rules (spec sections 4–8) on the embedded backend.
let store: Store;
let accounts: AccountsService;
let remove: () => void;
let db: ReturnType<typeof openDatabase>;

beforeAll(() => {
  const temp = makeTempDir();
  remove = temp.remove;
  db = openDatabase(temp.dir);
  store = createSqliteStoreOn(db);
  const identity = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
  accounts = createAccountsService(identity, store, { adminEmails: ["owner@hemline.test"] });
});

afterAll(async () => {
  await store.close();
  remove();
});

describe("accounts service", () => {
  it("registration creates a profile with the role from the admin list", async () => {
    const shopper = await accounts.register("shopper@hemline.test", "long enough", null);
    const owner = await accounts.register("  Owner@Hemline.test ", "long enough", null);
    expect(shopper.success && shopper.profile?.role).toBe("user");
    expect(owner.success && owner.profile?.role).toBe("admin");
    expect(owner.success && owner.profile?.email).toBe("owner@hemline.test");
  });

  it("sign-in returns the spec's result shape", async () => {
    expect(await accounts.signIn("shopper@hemline.test", "wrong one", null)).toEqual({ success: false, error: "Incorrect e-mail or password" });
    const ok = await accounts.signIn("shopper@hemline.test", "long enough", null);
    expect(ok.success).toBe(true);
  });

  it("recreates a missing profile when the session is loaded", async () => {
    const signedIn = await accounts.register("lost@hemline.test", "long enough", null);
    if (!signedIn.success) throw new Error("register failed");
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
    expect(updated.success && updated.profile).toMatchObject({ displayName: "Sam", role: "user", email: "shopper@hemline.test" });
    expect(updated.success && updated.profile.updatedAt >= state.userProfile!.updatedAt).toBe(true);

    expect(await accounts.updateProfile({ user: null, userProfile: null, error: null }, { displayName: "x" })).toEqual({
      success: false,
      error: NOT_AUTHENTICATED,
    });
    expect(await accounts.updateProfile({ ...state, userProfile: null }, { displayName: "x" })).toEqual({ success: false, error: NOT_AUTHENTICATED });
  });

  it("locks sign-in for an e-mail after five failures", async () => {
    for (let i = 0; i < 5; i++) await accounts.signIn("target@hemline.test", "guess", null);
    const refused = await accounts.signIn("target@hemline.test", "guess", null);
    expect(refused).toMatchObject({ success: false, error: expect.stringMatching(/^Too many attempts/) });
    expect(!refused.success && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("reports an unreachable profile store on the page instead of failing", async () => {
    const signedIn = await accounts.signIn("shopper@hemline.test", "long enough", null);
    if (!signedIn.success) throw new Error("sign-in failed");
    const down = new FirestoreUnavailableError();
    const brokenStore: Store = {
      ...store,
      profiles: { get: () => Promise.reject(down), createIfMissing: () => Promise.reject(down), update: () => Promise.reject(down), list: () => Promise.reject(down) },
    };
    const identity = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
    const offline = createAccountsService(identity, brokenStore, { adminEmails: [] });
    const state = await offline.load(signedIn.session.token);
    expect(state).toMatchObject({ user: { email: "shopper@hemline.test" }, userProfile: null, error: "Firestore not available" });
    expect(await offline.updateProfile({ ...state, userProfile: { uid: state.user!.uid, email: "x", role: "user", displayName: null, createdAt: "", updatedAt: "" } }, { displayName: "x" })).toEqual({
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
