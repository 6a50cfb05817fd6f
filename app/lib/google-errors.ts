// What a shopper reads when Google popup sign-in fails.
export function googleSignInMessage(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "auth/popup-closed-by-user":
    case "auth/cancelled-popup-request":
      return "Sign-in was cancelled";
    case "auth/popup-blocked":
      return "Pop-up was blocked. Please allow pop-ups and try again.";
    case "auth/unauthorized-domain":
      return "This domain is not authorized for Google sign-in. Please contact support.";
    case "auth/operation-not-allowed":
      return "Google sign-in is not enabled. Please contact support.";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
