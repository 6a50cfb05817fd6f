import crypto from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { authSdk } from "~/server/firebase-sdk.server";
import { firebaseApp, firestoreFor } from "~/server/store/firestore/firebase-app.server";
import { IdentityError, SESSION_TTL_MS, type Identity, type IdentityProvider, type Session } from "../port";
import { ToolkitError, callToolkit, type ToolkitOptions } from "./identity-toolkit.server";
import { firestoreSessionRecords } from "./session-records.server";

// The Firebase identity provider: Identity Toolkit REST calls for credentials, and Firebase
// session cookies (firebase-admin, at most 14 days) for sessions. A session token is
// "<random session id>.<Firebase session cookie>"; it is valid while Firebase accepts the cookie
// (signature, expiry, the user's revocations, a disabled account) AND the id's record in Firestore
// is open. The record is what ends one session alone, or every session at once including those of
// the same second; the id is what tells apart two sign-ins of one user in the same second, whose
// Firebase cookies are identical.

export interface FirebaseIdentityOptions extends ToolkitOptions {
  projectId: string;
  /** Where session records live; the project's Firestore unless given (tests). */
  firestore?: Firestore;
  now?: () => number;
}

interface SignInReply {
  idToken: string;
  localId: string;
  email?: string;
}

function toIdentityError(error: unknown): IdentityError {
  if (!(error instanceof ToolkitError))
    return new IdentityError("unavailable", error instanceof Error ? error.message : undefined);
  const code = error.code.split(" ")[0];
  switch (code) {
    case "INVALID_LOGIN_CREDENTIALS":
    case "EMAIL_NOT_FOUND":
    case "INVALID_PASSWORD":
    case "USER_DISABLED":
    case "INVALID_EMAIL":
      return new IdentityError("invalid-credentials");
    case "EMAIL_EXISTS":
      return new IdentityError("email-exists");
    case "WEAK_PASSWORD":
      return new IdentityError("weak-password");
    case "INVALID_OOB_CODE":
    case "EXPIRED_OOB_CODE":
      return new IdentityError("invalid-reset-code");
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      return new IdentityError("too-many-attempts");
    default:
      // Any other failure: the provider's code goes to the log, not to the page.
      return new IdentityError("unavailable", error.code);
  }
}

function splitToken(token: string): { id: string; cookie: string } | null {
  const dot = token.indexOf(".");
  return dot > 0 && dot < token.length - 1 ? { id: token.slice(0, dot), cookie: token.slice(dot + 1) } : null;
}

/** The uid in a session cookie's (JWT's) payload, unverified: see IdentityProvider.claimedUid. */
function uidNamedBy(cookie: string): string | null {
  const payload = cookie.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown };
    return typeof claims.sub === "string" && claims.sub ? claims.sub : null;
  } catch {
    return null;
  }
}

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const auth = authSdk().getAuth(firebaseApp(options.projectId));
  const records = firestoreSessionRecords(options.firestore ?? firestoreFor(options.projectId));
  const now = options.now ?? Date.now;

  async function sessionFor(reply: SignInReply): Promise<{ identity: Identity; session: Session }> {
    const at = now();
    const cookie = await auth.createSessionCookie(reply.idToken, { expiresIn: SESSION_TTL_MS });
    const id = crypto.randomBytes(32).toString("base64url");
    await records.open(id, reply.localId, at, at + SESSION_TTL_MS);
    const token = `${id}.${cookie}`;
    return {
      identity: { uid: reply.localId, email: reply.email ?? null },
      session: { token, expiresAt: new Date(at + SESSION_TTL_MS) },
    };
  }

  /** Every session of the user: Firebase's revocation (refresh tokens too) and every record. */
  async function endAll(uid: string) {
    await Promise.all([auth.revokeRefreshTokens(uid), records.endAll(uid)]);
  }

  async function toolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
    try {
      return await callToolkit<T>(options, method, body);
    } catch (error) {
      throw toIdentityError(error);
    }
  }

  return {
    kind: "firebase",

    async signIn(email, password) {
      const reply = await toolkit<SignInReply>("accounts:signInWithPassword", {
        email: email.trim(),
        password,
        returnSecureToken: true,
      });
      return sessionFor(reply);
    },

    async signUp(email, password) {
      const reply = await toolkit<SignInReply>("accounts:signUp", {
        email: email.trim().toLowerCase(),
        password,
        returnSecureToken: true,
      });
      return sessionFor(reply);
    },

    async signInWithIdToken(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return sessionFor({ idToken, localId: decoded.uid, email: decoded.email });
      } catch {
        throw new IdentityError("google-failed");
      }
    },

    async verifySession(token) {
      const parts = splitToken(token);
      if (!parts) return null;
      // Firebase's check and the record's read go together (one wait instead of two); the record
      // counts only for the uid Firebase vouches for. A record that cannot be read still rejects.
      const at = now();
      const [decoded, record] = await Promise.all([
        auth.verifySessionCookie(parts.cookie, true).catch(() => null),
        records.read(parts.id),
      ]);
      if (!decoded) return null;
      return records.opens(record, decoded.uid, at) ? { uid: decoded.uid, email: decoded.email ?? null } : null;
    },

    claimedUid(token) {
      const parts = splitToken(token);
      return parts ? uidNamedBy(parts.cookie) : null;
    },

    async endSession(token) {
      // The cookie stays valid to Firebase until it expires; without its record it opens nothing.
      const parts = splitToken(token);
      if (parts) await records.end(parts.id);
    },

    async endAllSessions(uid) {
      await endAll(uid);
    },

    async sendPasswordReset(email) {
      // Firebase sends its own e-mail; its action link can point at /auth/reset-password.
      try {
        await callToolkit(options, "accounts:sendOobCode", { requestType: "PASSWORD_RESET", email: email.trim() });
      } catch (error) {
        // An unknown e-mail must look exactly like a known one (no account enumeration).
        if (error instanceof ToolkitError && error.code.startsWith("EMAIL_NOT_FOUND")) return;
        throw toIdentityError(error);
      }
    },

    async checkResetCode(code) {
      const reply = await toolkit<{ email: string }>("accounts:resetPassword", { oobCode: code });
      return reply.email;
    },

    async resetPassword(code, newPassword) {
      const reply = await toolkit<{ email: string }>("accounts:resetPassword", { oobCode: code, newPassword });
      const user = await auth.getUserByEmail(reply.email);
      await endAll(user.uid);
    },

    async changePassword(uid, email, currentPassword, newPassword) {
      try {
        await callToolkit(options, "accounts:signInWithPassword", {
          email,
          password: currentPassword,
          returnSecureToken: true,
        });
      } catch (error) {
        const mapped = toIdentityError(error);
        if (mapped.code === "invalid-credentials") throw new IdentityError("wrong-current-password");
        throw mapped;
      }
      await auth.updateUser(uid, { password: newPassword });
      await endAll(uid);
    },
  };
}
