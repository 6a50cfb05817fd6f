import { getAuth } from "firebase-admin/auth";
import { firebaseApp } from "~/server/store/firestore/firebase-app.server";
import { IdentityError, type Identity, type IdentityProvider, type Session } from "../port";
import { ToolkitError, callToolkit, type ToolkitOptions } from "./identity-toolkit.server";

// The Firebase identity provider: Identity Toolkit REST calls for credentials, and Firebase
// session cookies (firebase-admin) for sessions, checked for revocation on every request.

/** Firebase caps session cookies at 14 days. */
const SESSION_MS = 14 * 24 * 60 * 60 * 1000;

interface SignInReply {
  idToken: string;
  localId: string;
  email?: string;
}

function toIdentityError(error: unknown): IdentityError {
  if (!(error instanceof ToolkitError)) return new IdentityError("unavailable", "Sign-in is not available right now. Please try again.");
  const code = error.code.split(" ")[0];
  switch (code) {
    case "INVALID_LOGIN_CREDENTIALS":
    case "EMAIL_NOT_FOUND":
    case "INVALID_PASSWORD":
    case "USER_DISABLED":
    case "INVALID_EMAIL":
      return new IdentityError("invalid-credentials", "Incorrect e-mail or password");
    case "EMAIL_EXISTS":
      return new IdentityError("email-exists", "An account with this e-mail already exists");
    case "WEAK_PASSWORD":
      return new IdentityError("weak-password", "Password must be at least 8 characters");
    case "INVALID_OOB_CODE":
    case "EXPIRED_OOB_CODE":
      return new IdentityError("invalid-reset-code", "This reset link is invalid or has expired. Please request a new one.");
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      return new IdentityError("unavailable", "Too many attempts. Please wait a few minutes and try again.");
    default:
      // Spec section 8: other failures carry the backend's own message.
      return new IdentityError("unavailable", error.code);
  }
}

export function createFirebaseIdentity(options: ToolkitOptions & { projectId: string }): IdentityProvider {
  const auth = getAuth(firebaseApp(options.projectId));

  async function sessionFor(reply: SignInReply): Promise<{ identity: Identity; session: Session }> {
    const token = await auth.createSessionCookie(reply.idToken, { expiresIn: SESSION_MS });
    return {
      identity: { uid: reply.localId, email: reply.email ?? null },
      session: { token, expiresAt: new Date(Date.now() + SESSION_MS) },
    };
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
      const reply = await toolkit<SignInReply>("accounts:signInWithPassword", { email: email.trim(), password, returnSecureToken: true });
      return sessionFor(reply);
    },

    async signUp(email, password) {
      const reply = await toolkit<SignInReply>("accounts:signUp", { email: email.trim().toLowerCase(), password, returnSecureToken: true });
      return sessionFor(reply);
    },

    async signInWithIdToken(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return sessionFor({ idToken, localId: decoded.uid, email: decoded.email });
      } catch {
        throw new IdentityError("google-failed", "Google sign-in failed. Please try again.");
      }
    },

    async verifySession(token) {
      try {
        const decoded = await auth.verifySessionCookie(token, true);
        return { uid: decoded.uid, email: decoded.email ?? null };
      } catch {
        return null;
      }
    },

    async endSession(token) {
      // Firebase revokes per user, not per cookie: signing out ends this user's sessions.
      const identity = await this.verifySession(token);
      if (identity) await auth.revokeRefreshTokens(identity.uid);
    },

    async endAllSessions(uid) {
      await auth.revokeRefreshTokens(uid);
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
      await auth.revokeRefreshTokens(user.uid);
    },

    async changePassword(uid, email, currentPassword, newPassword) {
      try {
        await callToolkit(options, "accounts:signInWithPassword", { email, password: currentPassword, returnSecureToken: true });
      } catch (error) {
        const mapped = toIdentityError(error);
        if (mapped.code === "invalid-credentials") throw new IdentityError("invalid-credentials", "Your current password is not correct");
        throw mapped;
      }
      await auth.updateUser(uid, { password: newPassword });
      await auth.revokeRefreshTokens(uid);
    },
  };
}
