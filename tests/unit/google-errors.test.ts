import { describe, expect, it } from "vitest";
import { googleSignInMessage } from "~/lib/google-errors";

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe("Google popup messages", () => {
  it("says the sign-in was cancelled when the popup is closed", () => {
    expect(googleSignInMessage(firebaseError("auth/popup-closed-by-user"))).toBe("Sign-in was cancelled");
  });
  it("asks to allow pop-ups when blocked", () => {
    expect(googleSignInMessage(firebaseError("auth/popup-blocked"))).toBe(
      "Pop-up was blocked. Please allow pop-ups and try again.",
    );
  });
  it("explains an unauthorised domain", () => {
    expect(googleSignInMessage(firebaseError("auth/unauthorized-domain"))).toBe(
      "This domain is not authorized for Google sign-in. Please contact support.",
    );
  });
  it("explains a disabled provider", () => {
    expect(googleSignInMessage(firebaseError("auth/operation-not-allowed"))).toBe(
      "Google sign-in is not enabled. Please contact support.",
    );
  });
  it("shows any other error's raw message", () => {
    expect(
      googleSignInMessage(
        firebaseError("auth/network-request-failed", "Firebase: Error (auth/network-request-failed)."),
      ),
    ).toBe("Firebase: Error (auth/network-request-failed).");
  });
});
