import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IdentityError, SESSION_TTL_MS, type IdentityProvider } from "~/server/auth/port";
import { IDENTITY_ADAPTERS } from "./identity-adapters";

// Every adapter is held to the same session rules (see the port): the same expectations, no
// allowance for one provider. Nothing here waits for a clock to tick over.

const link = { resetUrl: (token: string) => `http://shop.test/auth/reset-password?token=${encodeURIComponent(token)}` };
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "correct horse battery";

async function expectCode(promise: Promise<unknown>, code: IdentityError["code"]) {
  await expect(promise).rejects.toBeInstanceOf(IdentityError);
  await expect(promise).rejects.toMatchObject({ code });
}

describe.each(IDENTITY_ADAPTERS)("IdentityProvider contract: $name", (adapter) => {
  let identity: IdentityProvider;
  /** A second instance of the shop on the same database. */
  let other: IdentityProvider;
  let lastResetCode: (email: string) => Promise<string | undefined>;
  let dispose: () => Promise<void>;
  /** The time the session rules see; moved by hand. */
  let clock: number;

  /** What every instance says about a session token. */
  const everywhere = async (token: string) => Promise.all([identity.verifySession(token), other.verifySession(token)]);

  beforeEach(async () => {
    clock = Date.now();
    let reopen: () => Promise<IdentityProvider>;
    ({ identity, reopen, lastResetCode, dispose } = await adapter.create(() => clock));
    other = await reopen();
  });
  afterEach(async () => {
    await dispose();
  });

  it("registers an account with a working session", async () => {
    const { identity: who, session } = await identity.signUp("Grace@Example.com", "correct horse battery");
    expect(who.email).toBe("grace@example.com");
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await identity.verifySession(session.token)).toEqual({ uid: who.uid, email: "grace@example.com" });
  });

  it("refuses a second account for the same e-mail", async () => {
    await identity.signUp("grace@example.com", "correct horse battery");
    await expectCode(identity.signUp("grace@example.com", "another password"), "email-exists");
  });

  it("signs in with the right password only, with one code for every failure", async () => {
    const { identity: who } = await identity.signUp("grace@example.com", "correct horse battery");
    const { identity: again, session } = await identity.signIn("grace@example.com", "correct horse battery");
    expect(again.uid).toBe(who.uid);
    expect(await identity.verifySession(session.token)).toMatchObject({ uid: who.uid });
    await expectCode(identity.signIn("grace@example.com", "wrong password"), "invalid-credentials");
    await expectCode(identity.signIn("nobody@example.com", "correct horse battery"), "invalid-credentials");
  });

  it("names the uid a session token claims, which proves nothing once the session has ended", async () => {
    const { identity: who, session } = await identity.signUp("grace@example.com", PASSWORD);
    expect(identity.claimedUid(session.token)).toBe(who.uid);
    expect(other.claimedUid(session.token)).toBe(who.uid);
    expect(identity.claimedUid("not-a-session")).toBeNull();
    expect(identity.claimedUid("")).toBeNull();
    await identity.endSession(session.token);
    // Whatever the token still names, only verifySession says whether it is signed in.
    expect([null, who.uid]).toContain(identity.claimedUid(session.token));
    expect(await everywhere(session.token)).toEqual([null, null]);
  });

  it("rejects unknown session tokens", async () => {
    expect(await identity.verifySession("not-a-session")).toBeNull();
    expect(await identity.verifySession("")).toBeNull();
  });

  it("keeps a session for 14 days from sign-in on every instance, however much it is used", async () => {
    const start = clock;
    const { identity: who, session } = await identity.signUp("grace@example.com", PASSWORD);
    const grace = { uid: who.uid, email: "grace@example.com" };
    expect(session.expiresAt.getTime()).toBe(start + SESSION_TTL_MS);
    for (const day of [1, 7, 13]) {
      clock = start + day * DAY;
      expect(await everywhere(session.token)).toEqual([grace, grace]);
    }
    clock = start + SESSION_TTL_MS - 1000;
    expect(await everywhere(session.token)).toEqual([grace, grace]);
    clock = start + SESSION_TTL_MS;
    expect(await everywhere(session.token)).toEqual([null, null]);

    // Signing in again opens a new 14 days.
    const again = await other.signIn("grace@example.com", PASSWORD);
    expect(again.session.expiresAt.getTime()).toBe(clock + SESSION_TTL_MS);
    expect(await everywhere(again.session.token)).toEqual([grace, grace]);
  });

  it("ends only this session at sign-out, on every instance, even when its token is replayed", async () => {
    const { identity: who, session: first } = await identity.signUp("grace@example.com", PASSWORD);
    const grace = { uid: who.uid, email: "grace@example.com" };
    const phone = await identity.signIn("grace@example.com", PASSWORD);
    const laptop = await other.signIn("grace@example.com", PASSWORD);

    await identity.endSession(phone.session.token);
    expect(await everywhere(phone.session.token)).toEqual([null, null]);
    // A copy of the cookie replayed later, on either instance, still opens nothing.
    clock += 60_000;
    expect(await everywhere(phone.session.token)).toEqual([null, null]);
    // The user's other browsers stay signed in.
    expect(await everywhere(laptop.session.token)).toEqual([grace, grace]);
    expect(await everywhere(first.token)).toEqual([grace, grace]);

    await other.endSession(phone.session.token); // ending it again is no error
    await other.endSession("not-a-session");
  });

  it("ends every session of the user at sign-out everywhere, even ones opened the same second, and no one else's", async () => {
    const { identity: who, session: first } = await identity.signUp("grace@example.com", PASSWORD);
    const { identity: adaWho, session: ada } = await identity.signUp("ada@example.com", PASSWORD);
    const phone = await identity.signIn("grace@example.com", PASSWORD);
    const laptop = await other.signIn("grace@example.com", PASSWORD);

    await other.endAllSessions(who.uid);
    for (const token of [first.token, phone.session.token, laptop.session.token])
      expect(await everywhere(token)).toEqual([null, null]);
    const adaIdentity = { uid: adaWho.uid, email: "ada@example.com" };
    expect(await everywhere(ada.token)).toEqual([adaIdentity, adaIdentity]);

    // A session opened afterwards works.
    const after = await identity.signIn("grace@example.com", PASSWORD);
    expect(await everywhere(after.session.token)).toEqual([
      { uid: who.uid, email: "grace@example.com" },
      { uid: who.uid, email: "grace@example.com" },
    ]);
  });

  it("resets a password with a single-use code and ends old sessions", async () => {
    const { session } = await identity.signUp("grace@example.com", "correct horse battery");
    const elsewhere = await other.signIn("grace@example.com", "correct horse battery");
    await identity.sendPasswordReset("nobody@example.com", link); // no error, no hint
    expect(await lastResetCode("nobody@example.com")).toBeUndefined();

    await identity.sendPasswordReset("grace@example.com", link);
    const code = await lastResetCode("grace@example.com");
    expect(code).toBeTruthy();
    expect(await identity.checkResetCode(code!)).toBe("grace@example.com");
    await identity.resetPassword(code!, "a brand new secret");

    await expectCode(identity.signIn("grace@example.com", "correct horse battery"), "invalid-credentials");
    await expect(identity.signIn("grace@example.com", "a brand new secret")).resolves.toBeTruthy();
    expect(await everywhere(session.token)).toEqual([null, null]);
    expect(await everywhere(elsewhere.session.token)).toEqual([null, null]);
    await expectCode(identity.resetPassword(code!, "yet another secret"), "invalid-reset-code");
    await expectCode(identity.checkResetCode("made-up-code"), "invalid-reset-code");
  });

  it("changes the password only with the current one, ending every session of the account", async () => {
    const { identity: who, session } = await identity.signUp("grace@example.com", "correct horse battery");
    await expectCode(
      identity.changePassword(who.uid, "grace@example.com", "wrong", "a brand new secret"),
      "wrong-current-password",
    );
    expect(await identity.verifySession(session.token)).toMatchObject({ uid: who.uid });
    await other.changePassword(who.uid, "grace@example.com", "correct horse battery", "a brand new secret");
    expect(await everywhere(session.token)).toEqual([null, null]);
    const fresh = await identity.signIn("grace@example.com", "a brand new secret");
    expect(await everywhere(fresh.session.token)).toEqual([
      { uid: who.uid, email: "grace@example.com" },
      { uid: who.uid, email: "grace@example.com" },
    ]);
    await expectCode(identity.signIn("grace@example.com", "correct horse battery"), "invalid-credentials");
  });
});
