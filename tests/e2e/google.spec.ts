import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formFields } from "./support/accounts";
import { offlineGoogle } from "./support/google-popup";

// Firebase backend only (see playwright.config.ts): the Google popup's ID token is exchanged
// for a session by /auth/google. The Auth emulator stands in for Google (signInWithIdp).
test("a Google ID token from the popup becomes a session with a profile", async ({ page }, testInfo) => {
  const email = `google-${testInfo.project.name}-${Date.now().toString(36)}@hemline.test`;
  const emulator = process.env.E2E_AUTH_EMULATOR_HOST!;
  const idp = await fetch(
    `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=emulator-api-key`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: email, email, email_verified: true }))}&providerId=google.com`,
        requestUri: "http://localhost",
        returnSecureToken: true,
      }),
    },
  );
  expect(idp.ok).toBe(true);
  const { idToken } = (await idp.json()) as { idToken: string };

  await page.goto("/auth/login");
  const { csrf } = await formFields(page, "form#login");
  const refused = await page.request.post("/auth/google", {
    form: { csrf, idToken: "forged.token.value" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ success: false, error: "Google sign-in failed. Please try again." });

  const noCsrf = await page.request.post("/auth/google", { form: { csrf: "", idToken }, maxRedirects: 0 });
  expect(noCsrf.status()).toBe(403);

  const accepted = await page.request.post("/auth/google", {
    form: { csrf, idToken, redirectTo: "/profile" },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(303);
  expect(accepted.headers()["location"]).toBe("/profile");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(2); // header link and profile details
  await expect(page.getByText("Customer")).toBeVisible();
});

// The real button, in Chromium, against the Auth emulator's own popup (see support/google-popup.ts
// for the one file that stands in for Google's). The popup needs JavaScript: without it the
// button is not offered and the e-mail form is the way in.
async function googleButton(page: Page, js: boolean) {
  await page.goto("/auth/login?redirectTo=/profile");
  const button = page.getByRole("button", { name: "Continue with Google" });
  if (!js) {
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(button).toHaveCount(0);
    return null;
  }
  await expect(button).toBeEnabled();
  return button;
}

test.describe("Continue with Google", () => {
  test.beforeEach(async ({ context }) => {
    await offlineGoogle(context);
  });

  test("opens the Auth emulator's popup, and the account chosen there is signed in", async ({ page, js }) => {
    const button = await googleButton(page, js);
    if (!button) return;
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await expect(popup).toHaveURL(/\/emulator\/auth\/handler\?.*providerId=google\.com/);
    await popup.getByRole("button", { name: /Add new account/ }).click();
    await popup.getByRole("button", { name: "Auto-generate user information" }).click();
    const email = await popup.locator("#email-input").inputValue();
    expect(email).toMatch(/@example\.com$/);
    await popup.getByRole("button", { name: "Sign in with Google.com" }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();
    // The session is the server's: a fresh load of the page is still signed in.
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();
  });

  test("closing the popup says the sign-in was cancelled", async ({ page, js }) => {
    const button = await googleButton(page, js);
    if (!button) return;
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await expect(popup.getByRole("button", { name: /Add new account/ })).toBeVisible();
    await popup.close();
    // The SDK notices a closed popup by polling, then waits for a late answer: up to ~10 s.
    await expect(page.getByRole("alert")).toHaveText("Sign-in was cancelled", { timeout: 20_000 });
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
    await expect(button).toBeEnabled();
  });

  test("a blocked popup asks the shopper to allow pop-ups", async ({ page, js }) => {
    // What a browser that blocks the popup does: window.open gives nothing back.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const button = await googleButton(page, js);
    if (!button) return;
    await button.click();
    await expect(page.getByRole("alert")).toHaveText("Pop-up was blocked. Please allow pop-ups and try again.");
  });

  test("a project where Google sign-in is disabled says so", async ({ page, js }) => {
    // The emulator accepts every provider, so Identity Toolkit's answer for a disabled one is
    // given in its place: the SDK turns it into auth/operation-not-allowed. (An unauthorised
    // domain cannot be produced here at all: the SDK skips the domain check against an emulator;
    // tests/unit/google-errors.test.ts covers that message.)
    await page.route(/\/identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithIdp/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        status: 400,
        json: {
          error: {
            code: 400,
            message: "OPERATION_NOT_ALLOWED",
            errors: [{ message: "OPERATION_NOT_ALLOWED", domain: "global", reason: "invalid" }],
          },
        },
      });
    });
    const button = await googleButton(page, js);
    if (!button) return;
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    await popup.getByRole("button", { name: /Add new account/ }).click();
    await popup.getByRole("button", { name: "Auto-generate user information" }).click();
    await popup.getByRole("button", { name: "Sign in with Google.com" }).click();
    await expect(page.getByRole("alert")).toHaveText("Google sign-in is not enabled. Please contact support.");
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
  });
});
