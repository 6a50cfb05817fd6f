import {
  IdentityError,
  type Identity,
  type IdentityErrorCode,
  type IdentityProvider,
  type Session,
} from "~/server/auth/port";
import type { Store } from "~/server/store/port";
import { StorageFullError } from "~/server/store/storage-full";
import type { Profile, ProfilePatch } from "~/domain/profile";
import type { Mailer } from "~/server/mail/port";
import { registrationAttemptMail } from "./emails.server";
import { createRateLimiter, LIMITS, RateLimitedError, type Limit } from "./rate-limit.server";
import { roleFor } from "./roles.server";
import { outcome, settled } from "~/lib/settled";
import { GOOGLE_SIGN_IN_FAILED, PASSWORD_TOO_SHORT, RESET_LINK_INVALID, WRONG_CREDENTIALS } from "~/lib/auth-schemas";

// Accounts: sign-up, sign-in, sessions, profiles, password changes and resets, on top of the
// identity port and the profile store, shared by both backends.

/** The result shape of sign-in, registration and reset: a success flag and a message. */
export type AuthResult<T = object> =
  | ({ success: true } & T)
  | { success: false; error: string; retryAfterSeconds?: number };

export interface SignedIn {
  identity: Identity;
  profile: Profile | null;
  session: Session;
}

/** Who is signed in, as the server knows it for one request. */
export interface AuthState {
  user: Identity | null;
  userProfile: Profile | null;
  /** Set when the session or profile could not be loaded, e.g. 'Firestore not available'. */
  error: string | null;
}

export const NOT_AUTHENTICATED = "User not authenticated";

export interface AccountsDeps {
  /** Who signs in: the accounts and their passwords. */
  identity: IdentityProvider;
  /** Profiles, and the counters of the attempt limits. */
  store: Store;
  adminEmails: readonly string[];
  /** Sends the e-mail to the owner of an address someone tried to register again. */
  mailer: Mailer;
  shopName: string;
  now?: () => Date;
}

/** Where the owner of an already registered address can sign in or choose a new password. */
export interface RegistrationLinks {
  signInUrl: string;
  resetUrl: string;
}

/** A registration's result: a new account, signed in; or, for an address that has one, nothing visible. */
export type Registration =
  | AuthResult<SignedIn & { profileError: string | null }>
  | { success: true; alreadyRegistered: true };

export type AccountsService = ReturnType<typeof createAccountsService>;

/** What the shopper reads for each identity failure, the same on both backends. */
const IDENTITY_MESSAGES: Record<IdentityErrorCode, string> = {
  "invalid-credentials": WRONG_CREDENTIALS,
  "wrong-current-password": "Your current password is not correct",
  "email-exists": "An account with this e-mail already exists",
  "weak-password": PASSWORD_TOO_SHORT,
  "invalid-reset-code": RESET_LINK_INVALID,
  "google-failed": GOOGLE_SIGN_IN_FAILED,
  "too-many-attempts": "Too many attempts. Please wait a few minutes and try again.",
  unavailable: "Sign-in is not available right now. Please try again.",
};

function messageOf(error: unknown): string {
  if (error instanceof IdentityError) {
    if (error.code === "unavailable") console.error("Identity provider failed:", error.message);
    return IDENTITY_MESSAGES[error.code];
  }
  if (error instanceof Error && error.message === "Firestore not available") return error.message;
  if (error instanceof StorageFullError) return error.message;
  throw error;
}

export function createAccountsService(deps: AccountsDeps) {
  const { identity, store } = deps;
  const now = deps.now ?? (() => new Date());
  // Counters live in the store, so every instance of the shop counts the same attempts.
  const limiter = createRateLimiter(store.rateLimits, () => now().getTime());

  /** The refusal for a wait (the caller answers 429 with Retry-After), or null when there is none. */
  function refusal(waits: number[]) {
    const wait = Math.max(0, ...waits);
    return wait > 0
      ? { success: false as const, error: new RateLimitedError(wait).message, retryAfterSeconds: wait }
      : null;
  }

  /** Count this attempt against every key that applies; a refusal when any is over its limit. */
  async function counted(keys: Array<[string | null, Limit]>) {
    return refusal(await Promise.all(keys.map(([key, limit]) => (key ? limiter.hit(key, limit) : 0))));
  }

  /** Load the profile, creating it when missing and the user has an e-mail. */
  async function ensureProfile(who: Identity): Promise<Profile | null> {
    const existing = await store.profiles.get(who.uid);
    if (existing || !who.email) return existing;
    const at = now().toISOString();
    return store.profiles.createIfMissing({
      uid: who.uid,
      email: who.email,
      role: roleFor(who.email, deps.adminEmails),
      displayName: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  /** E-mail the owner of `address` that someone tried to register with it, at most a few times an hour. */
  async function tellOwner(address: string, links: RegistrationLinks): Promise<void> {
    try {
      if (await limiter.hit(`register-notice:${address}`, LIMITS.registrationNoticePerEmail)) return;
      await deps.mailer.send(registrationAttemptMail(deps.shopName, address, links));
    } catch (error) {
      // The answer must not differ from a new address's: a mail that could not go is only logged.
      console.error("The e-mail about a registration with an existing address could not be sent", error);
    }
  }

  /** Open a session, then make sure the profile exists; a profile failure is reported, not fatal. */
  async function withProfile(result: {
    identity: Identity;
    session: Session;
  }): Promise<AuthResult<SignedIn & { profileError: string | null }>> {
    try {
      return { success: true, ...result, profile: await ensureProfile(result.identity), profileError: null };
    } catch (error) {
      return { success: true, ...result, profile: null, profileError: messageOf(error) };
    }
  }

  return {
    identityKind: identity.kind,

    /** `ip`: the client's address (client-address.server.ts); null only for callers that have none. */
    async signIn(email: string, password: string, ip: string | null) {
      const emailKey = `signin:${email.trim().toLowerCase()}`;
      const ipKey = ip ? `signin-ip:${ip}` : null;
      try {
        // Counted before the password is checked, so parallel guesses are counted too: per account
        // from every address (guessing), and per address across every account (spraying).
        const refused = await counted([
          [emailKey, LIMITS.signInPerEmail],
          [ipKey, LIMITS.signInPerIp],
        ]);
        if (refused) return refused;
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
      let result: { identity: Identity; session: Session };
      try {
        result = await identity.signIn(email, password);
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
      // A success clears the account's count and takes its attempt back from the address, which
      // (shared by offices and homes) counts failures only. Best effort: an attempt left counted
      // only shortens the next lockout's margin.
      await Promise.all(
        [limiter.reset(emailKey), ipKey ? limiter.release(ipKey) : null].map((p) =>
          Promise.resolve(p).catch(() => undefined),
        ),
      );
      return withProfile(result);
    },

    /**
     * Create an account and sign in. An address that already has an account gets the same
     * answer as a new one would, minus the session (nothing about the account is revealed, and
     * nobody is signed in to it); its owner is e-mailed instead, with the way to sign in or reset
     * the password, as forgot-password does.
     */
    async register(
      email: string,
      password: string,
      ip: string | null,
      links: RegistrationLinks,
    ): Promise<Registration> {
      const ipKey = ip ? `register-ip:${ip}` : null;
      const address = email.trim().toLowerCase();
      const emailKey = `register:${address}`;
      try {
        const refused = await counted([
          [ipKey, LIMITS.registerPerIp],
          [emailKey, LIMITS.signInPerEmail],
        ]);
        if (refused) return refused;
        return await withProfile(await identity.signUp(email, password));
      } catch (error) {
        if (!(error instanceof IdentityError && error.code === "email-exists"))
          return { success: false as const, error: messageOf(error) };
      }
      await tellOwner(address, links);
      return { success: true, alreadyRegistered: true };
    },

    async signInWithGoogle(idToken: string) {
      if (!identity.signInWithIdToken)
        return { success: false as const, error: "Google sign-in is not enabled. Please contact support." };
      try {
        return await withProfile(await identity.signInWithIdToken(idToken));
      } catch (error) {
        return { success: false as const, error: messageOf(error) };
      }
    },

    /** Same answer whether or not the e-mail has an account (no enumeration). */
    async requestPasswordReset(
      email: string,
      ip: string | null,
      resetUrl: (token: string) => string,
    ): Promise<AuthResult> {
      const emailKey = `reset:${email.trim().toLowerCase()}`;
      const ipKey = ip ? `reset-ip:${ip}` : null;
      try {
        const refused = await counted([
          [emailKey, LIMITS.resetPerEmail],
          [ipKey, LIMITS.resetPerIp],
        ]);
        if (refused) return refused;
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

    /** The auth state behind a session token; a missing profile is created. */
    async load(token: string | null): Promise<AuthState> {
      if (!token) return { user: null, userProfile: null, error: null };
      // The profile of the uid the token names is read beside the session check (one wait, not
      // two) and used only when the check confirms that uid.
      const claimed = identity.claimedUid(token);
      const early = claimed ? settled(store.profiles.get(claimed)) : null;
      let user: Identity | null;
      try {
        user = await identity.verifySession(token);
      } catch (error) {
        // The session records cannot be read: nobody is taken as signed in, and the page says why.
        return { user: null, userProfile: null, error: messageOf(error) };
      }
      if (!user) return { user: null, userProfile: null, error: null };
      try {
        const read = early && user.uid === claimed ? await early : null;
        const profile = (read && outcome(read)) ?? (await ensureProfile(user));
        return { user, userProfile: profile, error: null };
      } catch (error) {
        return { user, userProfile: null, error: messageOf(error) };
      }
    },

    /** The uid a session token names, unchecked (IdentityProvider.claimedUid): for reads made beside load(). */
    claimedUid(token: string | null): string | null {
      return token ? identity.claimedUid(token) : null;
    },

    /** Needs a signed-in user with a loaded profile, else 'User not authenticated'. */
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
      try {
        await identity.endAllSessions(state.user.uid);
        return { success: true };
      } catch (error) {
        return { success: false, error: messageOf(error) };
      }
    },
  };
}
