import type { Page, TestInfo } from "@playwright/test";
import { expect } from "../fixtures";

export const PASSWORD = "correct horse battery";

/** An e-mail address no other test (or project) uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@hemline.test`;
}

export async function register(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/register");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** Every field of a form as the browser would send it (CSRF token and honeypot included). */
export async function formFields(page: Page, selector: string): Promise<Record<string, string>> {
  return page
    .locator(selector)
    .evaluate((form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])));
}

/**
 * Sign in as an account that may already exist: sign in, or (when no earlier test of the run
 * registered it) register it. For admin accounts listed in the test server's ADMIN_EMAILS, which
 * many tests share. Signing in first matters: registering a taken address counts against that
 * address (5 tries in 15 minutes), while a successful sign-in clears its count.
 */
export async function registerOrSignIn(page: Page, email: string, password = PASSWORD) {
  const account = page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email });
  await page.goto("/auth/login");
  await signIn(page, email, password);
  const unknown = page.getByText("Incorrect e-mail or password").first();
  await expect(account.or(unknown)).toBeVisible();
  if (await account.isVisible()) return;

  await page.goto("/auth/register");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Another test may have registered it meanwhile: a taken address is answered like a new one,
  // only without signing in (its owner is e-mailed).
  const taken = page.getByRole("status").filter({ hasText: "We have sent a message to" });
  await expect(account.or(taken)).toBeVisible();
  if (!(await account.isVisible())) {
    await page.goto("/auth/login");
    await signIn(page, email, password);
  }
  await expect(account).toBeVisible();
}
