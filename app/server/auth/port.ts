// The identity port: who a person is and whether their session is valid. Adapters: local/
// (accounts in SQLite, scrypt) and firebase/ (Firebase Auth). Profiles (roles) are not here:
// they live in the store's ProfileStore and are managed by the accounts service.

export interface Identity {
  uid: string;
  email: string | null;
}

/**
 * How long a session lives: 14 days from sign-in, whatever happens. Using it does not extend it
 * (a Firebase session cookie cannot be extended, and 14 days is the most it may last), so both
 * adapters end every session at the same moment; signing in again opens a new one.
 */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface Session {
  /** The opaque value kept in the session cookie. */
  token: string;
  /** Sign-in + SESSION_TTL_MS. */
  expiresAt: Date;
}

/**
 * Why an identity call failed. Adapters say only this; the accounts service chooses the words the
 * shopper reads, so both backends say the same thing.
 */
export type IdentityErrorCode =
  | "invalid-credentials"
  | "wrong-current-password"
  | "email-exists"
  | "weak-password"
  | "invalid-reset-code"
  | "google-failed"
  | "too-many-attempts"
  | "unavailable";

export class IdentityError extends Error {
  /** `detail` is for logs only (the provider's own code); it never reaches a page. */
  constructor(
    readonly code: IdentityErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "IdentityError";
  }
}

export interface ResetLink {
  /** Where the e-mailed link points, given the token (embedded) or the provider's own link. */
  resetUrl(token: string): string;
}

/**
 * Sessions behave the same on every adapter (tests/contract/identity.contract.test.ts asserts it):
 * - A session lasts SESSION_TTL_MS from sign-in, used or not.
 * - Sign-out (endSession) ends that one session on the server: its token never verifies again, on
 *   any instance, even replayed from a copied cookie. The user's other sessions (other browsers
 *   and devices) go on.
 * - Sign-out everywhere (endAllSessions), a password reset and a password change end every
 *   session of the user opened before the call, however shortly before (Firebase's own revocation
 *   is to the second, so the Firebase adapter also deletes its session records); a session opened
 *   afterwards works.
 * - What decides is kept in the backend's database (SQLite; Firestore and Firebase Auth), never in
 *   one process, so every instance of the shop gives the same answer.
 */
export interface IdentityProvider {
  readonly kind: "local" | "firebase";
  /** Check credentials and open a new session. Throws IdentityError("invalid-credentials"). */
  signIn(email: string, password: string): Promise<{ identity: Identity; session: Session }>;
  /** Create the account and open a session. Throws IdentityError("email-exists" | "weak-password"). */
  signUp(email: string, password: string): Promise<{ identity: Identity; session: Session }>;
  /** Google sign-in (Firebase only): exchange a Google/Firebase ID token for a session. */
  signInWithIdToken?(idToken: string): Promise<{ identity: Identity; session: Session }>;
  /**
   * The identity behind a session token, or null when it is unknown, expired or ended. Rejects
   * (FirestoreUnavailableError) when the session records cannot be read, rather than guessing.
   */
  verifySession(token: string): Promise<Identity | null>;
  /**
   * The uid a session token names, read from the token alone (no database, no network) and NOT
   * checked: a forged, ended or expired token may name anyone. It only lets a request start
   * reading that uid's records beside verifySession; nothing read so may be used or shown until
   * verifySession confirms the same uid. Null when the token names nobody.
   */
  claimedUid(token: string): string | null;
  /** Sign-out: end this session only (an unknown token is no error). */
  endSession(token: string): Promise<void>;
  /** Sign-out everywhere: end every session of the user. */
  endAllSessions(uid: string): Promise<void>;
  /** Send a reset e-mail when the account exists; silently nothing otherwise (no enumeration). */
  sendPasswordReset(email: string, link: ResetLink): Promise<void>;
  /** The e-mail a reset code belongs to, or IdentityError("invalid-reset-code"). */
  checkResetCode(code: string): Promise<string>;
  /** Set a new password with a reset code (single use); ends every session of the account. */
  resetPassword(code: string, newPassword: string): Promise<void>;
  /** Change the password of a signed-in account after checking the current one; ends every session of the account. */
  changePassword(uid: string, email: string, currentPassword: string, newPassword: string): Promise<void>;
}
