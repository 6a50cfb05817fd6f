import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IdentityError, type IdentityProvider } from "~/server/auth/port";
import { IDENTITY_ADAPTERS } from "./identity-adapters";

const link = { resetUrl: (token: string) => `http://shop.test/auth/reset-password?token=${encodeURIComponent(token)}` };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function expectCode(promise: Promise<unknown>, code: IdentityError["code"]) {
  await expect(promise).rejects.toBeInstanceOf(IdentityError);
  await expect(promise).rejects.toMatchObject({ code });
}

describe.each(IDENTITY_ADAPTERS)("IdentityProvider contract: $name", (adapter) => {
  let identity: IdentityProvider;
  let lastResetCode: (email: string) => Promise<string | undefined>;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ identity, lastResetCode, dispose } = await adapter.create());
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

  it("signs in with the right password only, with one message for every failure", async () => {
    const { identity: who } = await identity.signUp("grace@example.com", "correct horse battery");
    const { identity: again, session } = await identity.signIn("grace@example.com", "correct horse battery");
    expect(again.uid).toBe(who.uid);
    expect(await identity.verifySession(session.token)).toMatchObject({ uid: who.uid });
    await expectCode(identity.signIn("grace@example.com", "wrong password"), "invalid-credentials");
    await expectCode(identity.signIn("nobody@example.com", "correct horse battery"), "invalid-credentials");
    await expect(identity.signIn("nobody@example.com", "x")).rejects.toThrow("Incorrect e-mail or password");
  });

  it("rejects unknown session tokens", async () => {
    expect(await identity.verifySession("not-a-session")).toBeNull();
    expect(await identity.verifySession("")).toBeNull();
  });

  it("ends a session at sign-out, and every session on request", async () => {
    const { identity: who, session } = await identity.signUp("grace@example.com", "correct horse battery");
    await sleep(adapter.revocationSettleMs);
    await identity.endSession(session.token);
    expect(await identity.verifySession(session.token)).toBeNull();

    const a = await identity.signIn("grace@example.com", "correct horse battery");
    const b = await identity.signIn("grace@example.com", "correct horse battery");
    await sleep(adapter.revocationSettleMs);
    await identity.endAllSessions(who.uid);
    expect(await identity.verifySession(a.session.token)).toBeNull();
    expect(await identity.verifySession(b.session.token)).toBeNull();
  });

  it("resets a password with a single-use code and ends old sessions", async () => {
    const { session } = await identity.signUp("grace@example.com", "correct horse battery");
    await identity.sendPasswordReset("nobody@example.com", link); // no error, no hint
    expect(await lastResetCode("nobody@example.com")).toBeUndefined();

    await sleep(adapter.revocationSettleMs);
    await identity.sendPasswordReset("grace@example.com", link);
    const code = await lastResetCode("grace@example.com");
    expect(code).toBeTruthy();
    expect(await identity.checkResetCode(code!)).toBe("grace@example.com");
    await identity.resetPassword(code!, "a brand new secret");

    await expectCode(identity.signIn("grace@example.com", "correct horse battery"), "invalid-credentials");
    await expect(identity.signIn("grace@example.com", "a brand new secret")).resolves.toBeTruthy();
    expect(await identity.verifySession(session.token)).toBeNull();
    await expectCode(identity.resetPassword(code!, "yet another secret"), "invalid-reset-code");
    await expectCode(identity.checkResetCode("made-up-code"), "invalid-reset-code");
  });

  it("changes the password only with the current one", async () => {
    const { identity: who } = await identity.signUp("grace@example.com", "correct horse battery");
    await expectCode(identity.changePassword(who.uid, "grace@example.com", "wrong", "a brand new secret"), "invalid-credentials");
    await identity.changePassword(who.uid, "grace@example.com", "correct horse battery", "a brand new secret");
    await expect(identity.signIn("grace@example.com", "a brand new secret")).resolves.toBeTruthy();
    await expectCode(identity.signIn("grace@example.com", "correct horse battery"), "invalid-credentials");
  });
});
