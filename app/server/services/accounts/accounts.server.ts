import { IdentityError, type Identity, type IdentityProvider, type Session } from "~/server/auth/port";
import type { Store } from "~/server/store/port";
import type { Profile, ProfilePatch } from "~/server/store/types";
import { LIMITS, RateLimitedError, RateLimiter } from "./rate-limit.server";
import { roleFor } from "./roles.server";

// Accounts: the business rules of spec sections 3–8 on top of the identity port and the
// profile store, shared by both backends.

/** The spec's result shape for sign-in, registration and reset: a success flag and a message. */
export type AuthResult<T = object> = ({ success: true } & T) | { success: false; error: string; retryAfterSeconds?: number };

export interface SignedIn {
  identity: Identity;
  profile: Profile | null;
  session: Session;
}

/** The spec's auth state, as the server knows it for one request. */
export interface AuthState {
  user: Identity | null;
  userProfile: Profile | null;
  /** Set when the profile could not be loaded, e.g. 'Firestore not available'. */
  error: string | null;
}

export const NOT_AUTHENTICATED = "User not authenticated";

export interface AccountsOptions {
  adminEmails: readonly string[];
  now?: () => Date;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function messageOf(error: unknown): string {
  if (error instanceof IdentityError) return error.message;
  if (error instanceof Error && error.message === "Firestore not available") return error.message;
  throw error;
}

export function createAccountsService(identity: IdentityProvider, store: Store, options: AccountsOptions) {
  const now = options.now ?? (() => new Date());
  const limiter = new RateLimiter();

  /** A refusal when any key is over its limit: the caller answers 429 with Retry-After. */
  function limited(keys: Array<[string | null, (typeof LIMITS)[keyof typeof LIMITS]]>) {
    for (const [key, limit] of keys) {
      if (!key) continue;
      const wait = limiter.retryAfter(key, limit);
      if (wait > 0) return { success: false as const, error: new RateLimitedError(wait).message, retryAfterSeconds: wait };
    }
    return null;
  }

  /** Load the profile, creating it when missing and the user has an e-mail (spec section 4). */
  async function ensureProfile(who: Identity): Promise<Profile | null> {
    const existing = await store.profiles.get(who.uid);
    if (existing || !who.email) return existing;
    const at = now().toISOString();
    return store.profiles.createIfMissing({
      uid: who.uid,
      email: who.email,
      role: roleFor(who.email, options.adminEmails),
      displayName: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  /** Open a session, then make sure the profile exists; a profile failure is reported, not fatal. */
  async function withProfile(result: { identity: Identity; session: Session }): Promise<AuthResult<SignedIn & { profileError: string | null }>> {
    try {
      return { success: true, ...result, profile: await ensureProfile(result.identity), profileError: null };
    } catch (error) {
      return { success: true, ...result, profile: null, profileError: messageOf(error) };
    }
  }

  return {
    identityKind: identity.kind,

    async signIn(email: string, password: string, ip: string | null) {
      const emailKey = `signin:${email.trim().toLowerCase()}`;
      const ipKey = ip ? `signin-ip:${ip}` : null;
      const refusal = limited([
        [emailKey, LIMITS.signInPerEmail],
        [ipKey, LIMITS.signInPerIp],
      ]);
      if (refusal) return refusal;
      try {
        const result = await identity.signIn(email, password);
        limiter.reset(emailKey);
        return withProfile(result);
      } catch (error) {
        // Only failures count, so a shopper signing in and out is never locked out.
        limiter.hit(emailKey, LIMITS.signInPerEmail);
        if (ipKey) limiter.hit(ipKey, LIMITS.signInPerIp);
        return { success: false as const, error: messageOf(error) };
      }
    },

    async register(email: string, password: string, ip: string | null) {
      const ipKey = ip ? `register-ip:${ip}` : null;
      const emailKey = `register:${email.trim().toLowerCase()}`;
      const refusal = limited([
        [ipKey, LIMITS.registerPerIp],
        [emailKey, LIMITS.signInPerEmail],
      ]);
      if (refusal) return refusal;
      if (ipKey) limiter.hit(ipKey, LIMITS.registerPerIp);
      limiter.hit(emailKey, LIMITS.signInPerEmail);
      try {
        return await withProfile(await identity.signUp(email, password));
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
    },

    async signInWithGoogle(idToken: string) {
      if (!identity.signInWithIdToken) return { success: false as const, error: "Google sign-in is not enabled. Please contact support." };
      try {
        return await withProfile(await identity.signInWithIdToken(idToken));
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
    },

    /** Same answer whether or not the e-mail has an account (no enumeration). */
    async requestPasswordReset(email: string, ip: string | null, resetUrl: (token: string) => string): Promise<AuthResult> {
      const emailKey = `reset:${email.trim().toLowerCase()}`;
      const ipKey = ip ? `reset-ip:${ip}` : null;
      const refusal = limited([
        [emailKey, LIMITS.resetPerEmail],
        [ipKey, LIMITS.resetPerIp],
      ]);
      if (refusal) return refusal;
      limiter.hit(emailKey, LIMITS.resetPerEmail);
      if (ipKey) limiter.hit(ipKey, LIMITS.resetPerIp);
      try {
        await identity.sendPasswordReset(email, { resetUrl });
        return { success: true };
      } catch (error) {
        return { success: false, error: messageOf(error) };
      }
    },

    async checkResetCode(code: string): Promise<AuthResult<{ email: string }>> {
      try {
        return { success: true, email: await identity.checkResetCode(code) };
      } catch (error) {
        return { success: false, error: messageOf(error) };
      }
    },

    async resetPassword(code: string, password: string): Promise<AuthResult> {
      try {
        await identity.resetPassword(code, password);
        return { success: true };
      } catch (error) {
        return { success: false, error: messageOf(error) };
      }
    },

    /** Change the password and open a fresh session (every other session ends). */
    async changePassword(state: AuthState, current: string, next: string) {
      if (!state.user?.email) return { success: false as const, error: NOT_AUTHENTICATED };
      try {
        await identity.changePassword(state.user.uid, state.user.email, current, next);
        return await withProfile(await identity.signIn(state.user.email, next));
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
    },

    /** The auth state behind a session token; a missing profile is created (spec section 4). */
    async load(token: string | null): Promise<AuthState> {
      if (!token) return { user: null, userProfile: null, error: null };
      const user = await identity.verifySession(token);
      if (!user) return { user: null, userProfile: null, error: null };
      try {
        return { user, userProfile: await ensureProfile(user), error: null };
      } catch (error) {
        return { user, userProfile: null, error: messageOf(error) };
      }
    },

    /** Spec section 5: needs a signed-in user with a loaded profile, else 'User not authenticated'. */
    async updateProfile(state: AuthState, patch: ProfilePatch): Promise<AuthResult<{ profile: Profile }>> {
      if (!state.user || !state.userProfile) return { success: false, error: NOT_AUTHENTICATED };
      try {
        const profile = await store.profiles.update(state.user.uid, patch, now().toISOString());
        return profile ? { success: true, profile } : { success: false, error: NOT_AUTHENTICATED };
      } catch (error) {
        return { success: false, error: messageOf(error) };
      }
    },

    async signOut(token: string | null): Promise<void> {
      if (token) await identity.endSession(token);
    },

    async signOutEverywhere(state: AuthState): Promise<AuthResult> {
      if (!state.user) return { success: false, error: NOT_AUTHENTICATED };
      await identity.endAllSessions(state.user.uid);
      return { success: true };
    },
  };
}
