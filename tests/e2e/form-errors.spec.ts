import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, uniqueEmail } from "./support/accounts";
import { resetLinkFor } from "./support/outbox";
import { addAvailable } from "./support/page-tour";

// A form that comes back with errors says so where a screen reader and a keyboard start: a summary
// at the top (role="alert") linking to each field to correct, a page title that starts "Error: ",
// and with JavaScript the focus on that summary. JavaScript on and off, every kind of form.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The summary lists `labels`, each a link to its field, which is marked invalid; the title says "Error:". */
async function expectErrorSummary(page: Page, js: boolean, labels: string[], message?: string) {
  const summary = page.getByRole("alert").filter({ hasText: labels.length ? "There is a problem" : (message ?? "") });
  await expect(summary).toBeVisible();
  for (const label of labels) {
    const link = summary.getByRole("link", { name: new RegExp(`^${escape(label)}: `) });
    await expect(link, label).toBeVisible();
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^#./);
    await expect(page.locator(`[id="${href.slice(1)}"]`), `${label} (${href})`).toHaveAttribute("aria-invalid", "true");
  }
  if (message) await expect(summary).toContainText(message);
  await expect(page).toHaveTitle(/^Error: /);
  if (js) await expect(summary).toBeFocused();
  // Following a link puts the keyboard on that field.
  if (labels.length) {
    await summary.getByRole("link").first().click();
    await expect(page.getByLabel(labels[0], { exact: true })).toBeFocused();
  }
}

test("registration: an empty form comes back with a summary linking to each field", async ({ page, js }) => {
  await page.goto("/auth/register");
  await expect(page).not.toHaveTitle(/^Error/);
  await page.getByRole("button", { name: "Create account" }).click();
  await expectErrorSummary(page, js, ["E-mail", "Password", "Repeat password"]);
});

test("sign-in: a wrong password is announced and titled as an error", async ({ page, js }, testInfo) => {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectErrorSummary(page, js, ["E-mail", "Password"]);
  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(testInfo, "nobody"));
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectErrorSummary(page, js, [], "Incorrect e-mail or password");
});

test("forgotten password and reset: each form's errors are summarised", async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, "summary-reset");
  await register(page, email);
  await page.goto("/auth/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expectErrorSummary(page, js, ["E-mail"]);

  // Enter, not a click: the click's blur clears the field's message first, which moves the button.
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("E-mail", { exact: true }).press("Enter");
  await expect(page.getByRole("status")).toContainText("If an account exists for that address");
  await page.goto(await resetLinkFor(email, testInfo));
  // Enter submits from the field (a click would first blur it, whose message moves the button).
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("New password", { exact: true }).press("Enter");
  await expectErrorSummary(page, js, ["New password", "Repeat new password"]);
});

test("profile: a failed password change is summarised", async ({ page, js }, testInfo) => {
  await register(page, uniqueEmail(testInfo, "summary-profile"));
  await page.goto("/profile");
  await page.getByRole("button", { name: "Change password" }).click();
  await expectErrorSummary(page, js, ["Current password", "New password", "Repeat new password"]);
});

test("checkout: every missing field, the card's included, in one summary", async ({ page, js }) => {
  await addAvailable(page, js ? "p0070" : "p0071");
  await page.goto("/checkout");
  await page.getByLabel("E-mail", { exact: true }).fill("");
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expectErrorSummary(page, js, [
    "E-mail",
    "Full name",
    "Street address",
    "Postcode",
    "Town or city",
    "Card number",
    "Expiry (MM/YY)",
    "Security code (CVC)",
  ]);
});
