import { expect, test } from "./fixtures";
import { formFields } from "./support/accounts";

// Firebase backend only (see playwright.config.ts): the Google popup's ID token is exchanged
// for a session by /auth/google. The Auth emulator stands in for Google (signInWithIdp).
test("a Google ID token from the popup becomes a session with a profile", async ({ page }, testInfo) => {
  const email = `google-${testInfo.project.name}-${Date.now().toString(36)}@hemline.test`;
  const emulator = process.env.E2E_AUTH_EMULATOR_HOST!;
  const idp = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=emulator-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: email, email, email_verified: true }))}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
    }),
  });
  expect(idp.ok).toBe(true);
  const { idToken } = (await idp.json()) as { idToken: string };

  await page.goto("/auth/login");
  const { csrf } = await formFields(page, "form#login");
  const refused = await page.request.post("/auth/google", { form: { csrf, idToken: "forged.token.value" }, maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ success: false, error: "Google sign-in failed. Please try again." });

  const noCsrf = await page.request.post("/auth/google", { form: { csrf: "", idToken }, maxRedirects: 0 });
  expect(noCsrf.status()).toBe(403);

  const accepted = await page.request.post("/auth/google", { form: { csrf, idToken, redirectTo: "/profile" }, maxRedirects: 0 });
  expect(accepted.status()).toBe(303);
  expect(accepted.headers()["location"]).toBe("/profile");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(2); // header link and profile details
  await expect(page.getByText("Customer")).toBeVisible();
});
