// The identity port: who a person is and whether their session is valid. Adapters: local/
// (accounts in SQLite, scrypt) and firebase/ (Firebase Auth). Profiles (roles) are not here:
// they live in the store's ProfileStore and are managed by the accounts service.

export interface Identity {
  uid: string;
  email: string | null;
}

export interface Session {
  /** The opaque value kept in the session cookie. */
  token: string;
  expiresAt: Date;
}

export type IdentityErrorCode =
  | "invalid-credentials"
  | "email-exists"
  | "weak-password"
  | "invalid-reset-code"
  | "google-failed"
  | "unavailable";

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "IdentityError";
  }
}

export interface ResetLink {
  /** Where the e-mailed link points, given the token (embedded) or the provider's own link. */
  resetUrl(token: string): string;
}

export interface IdentityProvider {
  readonly kind: "local" | "firebase";
  /** Check credentials and open a new session. Throws IdentityError("invalid-credentials"). */
  signIn(email: string, password: string): Promise<{ identity: Identity; session: Session }>;
  /** Create the account and open a session. Throws IdentityError("email-exists" | "weak-password"). */
  signUp(email: string, password: string): Promise<{ identity: Identity; session: Session }>;
  /** Google sign-in (Firebase only): exchange a Google/Firebase ID token for a session. */
  signInWithIdToken?(idToken: string): Promise<{ identity: Identity; session: Session }>;
  /** The identity behind a session token, or null when it is unknown, expired or revoked. */
  verifySession(token: string): Promise<Identity | null>;
  endSession(token: string): Promise<void>;
  endAllSessions(uid: string): Promise<void>;
  /** Send a reset e-mail when the account exists; silently nothing otherwise (no enumeration). */
  sendPasswordReset(email: string, link: ResetLink): Promise<void>;
  /** The e-mail a reset code belongs to, or IdentityError("invalid-reset-code"). */
  checkResetCode(code: string): Promise<string>;
  /** Set a new password with a reset code (single use); ends every session of the account. */
  resetPassword(code: string, newPassword: string): Promise<void>;
  /** Change the password of a signed-in account after checking the current one. */
  changePassword(uid: string, email: string, currentPassword: string, newPassword: string): Promise<void>;
}
