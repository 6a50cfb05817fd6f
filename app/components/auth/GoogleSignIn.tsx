import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { googleSignInMessage } from "~/lib/google-errors";
import type { GoogleClientConfig } from "~/server/services/accounts/google-config.server";

/**
 * Google popup sign-in (Firebase backend only). It needs JavaScript, so it is not offered
 * until the page is hydrated. The Firebase SDK loads only when the button is pressed.
 */
export function GoogleSignIn({ config, redirectTo }: { config: GoogleClientConfig; redirectTo: string }) {
  const hydrated = useHydrated();
  const csrf = useAuthenticityToken();
  const fetcher = useFetcher<{ success: boolean; error?: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;

  async function signIn() {
    setError(null);
    setBusy(true);
    try {
      const [{ initializeApp, getApps }, auth] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
      const app =
        getApps()[0] ??
        initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
      const client = auth.getAuth(app);
      if (config.emulatorUrl && !client.emulatorConfig)
        auth.connectAuthEmulator(client, config.emulatorUrl, { disableWarnings: true });
      const provider = new auth.GoogleAuthProvider();
      provider.addScope("email");
      provider.addScope("profile");
      const credential = await auth.signInWithPopup(client, provider);
      const idToken = await credential.user.getIdToken();
      // The shop's session lives on the server; the browser keeps no Firebase sign-in of its own
      // that could outlast signing out of the shop.
      await auth.signOut(client);
      fetcher.submit({ idToken, redirectTo, csrf }, { method: "post", action: "/auth/google" });
    } catch (e) {
      setError(googleSignInMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const serverError = fetcher.data && !fetcher.data.success ? fetcher.data.error : null;
  return (
    <div className="border-t border-stone-200 pt-5">
      <button
        type="button"
        onClick={signIn}
        disabled={busy || fetcher.state !== "idle"}
        className="btn-secondary w-full"
      >
        Continue with Google
      </button>
      {error || serverError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error ?? serverError}
        </p>
      ) : null}
    </div>
  );
}
