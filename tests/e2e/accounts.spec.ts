import { expect, test } from "./fixtures";
import { formFields, PASSWORD, register, signIn, signOut, uniqueEmail } from "./support/accounts";
import { latestMailTo, resetLinkFor } from "./support/outbox";

test("register → sign out → sign in → edit profile → forgot password → reset → sign in with the new password", async ({
  page,
  js,
}, testInfo) => {
  // A whole account's life, with four password hashings (scrypt, deliberately slow): more time than one page.
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, "journey");
  await register(page, email);
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }).click();
  await signIn(page, email, "not my password");
  await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  // The server never sends a password back (with JS the browser simply keeps what was typed).
  if (!js) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await signIn(page, email);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(page.getByText("Customer")).toBeVisible();
  await page.getByLabel("Display name").fill("Sam Shopper");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your name has been saved." })).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue("Sam Shopper");

  await signOut(page);
  await page.goto("/auth/forgot-password");
  // Spec: this page has no default layout.
  await expect(page.getByRole("navigation", { name: "Categories" })).toHaveCount(0);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address");

  const link = await resetLinkFor(email, testInfo);
  await page.goto(link);
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
  await page.getByLabel("Repeat new password").fill("a brand new secret");
  await page.getByRole("button", { name: "Save new password" }).click();
  // The notice comes from the signed flash cookie, not from the address (which anyone could link to).
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("status")).toContainText("Your password has been changed");

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password");
  await signIn(page, email, "a brand new secret");
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
});

test("registering a taken address reveals nothing: the owner is e-mailed instead", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "taken");
  await register(page, email);
  await signOut(page);
  await page.goto("/auth/register");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("someone else's password");
  await page.getByLabel("Repeat password").fill("someone else's password");
  await page.getByRole("button", { name: "Create account" }).click();
  // The same place a new account goes to, with no error; nobody is signed in.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("status").filter({ hasText: "We have sent a message" })).toHaveText(
    `We have sent a message to ${email}. Please check your inbox to continue.`,
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();
  const mail = await latestMailTo(email, testInfo);
  expect(mail).toMatch(/^Subject: Your Hemline account$/m);
  expect(mail).toContain("Someone tried to create a Hemline account with this e-mail address");
  expect(mail).toMatch(/http:\/\/127\.0\.0\.1:\d+\/auth\/forgot-password/);
  // The owner's password is unchanged.
  await page.goto("/auth/login");
  await signIn(page, email);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();
});

test("registration explains what is wrong and keeps the e-mail", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "mismatch");
  await page.goto("/auth/register");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(`${PASSWORD} but different`);
  await page.getByRole("button", { name: "Create account" }).click();
  // Beside the field (the error summary may repeat it: form-errors.spec.ts).
  await expect(page.getByLabel("Repeat password")).toHaveAccessibleDescription(/The passwords do not match/);
  await expect(page).toHaveURL(/\/auth\/register/);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);

  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(testInfo, "short"));
  await page.getByLabel("Password", { exact: true }).fill("short12");
  await page.getByLabel("Repeat password").fill("short12");
  await page.getByRole("button", { name: "Create account" }).click();
  // Without JS the browser's own minlength check stops the form; with JS conform shows the rule.
  const passwordField = page.getByLabel("Password", { exact: true });
  const tooShort = await passwordField.evaluate(
    (el: HTMLInputElement) => el.validity.tooShort || el.getAttribute("aria-invalid") === "true",
  );
  expect(tooShort).toBe(true);
  await expect(page).toHaveURL(/\/auth\/register/);
});

test("the server rejects bad input with a clear message and a 4xx", async ({ page }) => {
  await page.goto("/auth/login");
  const fields = await formFields(page, "form#login");
  expect(fields.csrf).toBeTruthy();

  const noCsrf = await page.request.post("/auth/login", {
    form: { ...fields, csrf: "", email: "a@b.co", password: "whatever" },
    maxRedirects: 0,
  });
  expect(noCsrf.status()).toBe(403);
  expect(await noCsrf.text()).toContain("This form has expired");

  const huge = await page.request.post("/auth/login", {
    form: { ...fields, email: "a@b.co", password: "x".repeat(10_000) },
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(400);
  expect(await huge.text()).toContain("Incorrect e-mail or password");

  const malformed = await page.request.post("/auth/login", {
    form: { ...fields, email: "not-an-email", password: "whatever" },
    maxRedirects: 0,
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.text()).toContain("Enter a valid e-mail address");

  const empty = await page.request.post("/auth/register", {
    form: { ...fields, email: "", password: "", confirmPassword: "" },
    maxRedirects: 0,
  });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Enter your e-mail address");

  const spam = await page.request.post("/auth/login", {
    form: { ...fields, email: "a@b.co", password: "whatever", name__confirm: "bot" },
    maxRedirects: 0,
  });
  expect(spam.status()).toBe(400);

  const badReset = await page.goto("/auth/reset-password?token=made-up");
  expect(badReset?.status()).toBe(200);
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
});

test("guards: profile needs sign-in and comes back after it; admin is 403 for shoppers", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "guard");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
  await page.goto("/auth/register?redirectTo=%2Fprofile");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const forbidden = await page.goto("/admin");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "403" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Forbidden" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin" })).toHaveCount(0);

  await signOut(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin$/);

  // redirectTo never leaves the site: not after signing in, nor for someone signed in already.
  await page.goto("/auth/login?redirectTo=https%3A%2F%2Fevil.example%2F");
  await signIn(page, email);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  for (const path of ["/auth/login", "/auth/register"]) {
    const answer = await page.request.get(`${path}?redirectTo=%2F..%2F%2Fevil.example`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/");
  }
});

test("an admin e-mail gets the back office", async ({ page }, testInfo) => {
  const email = `owner-${testInfo.project.name}@hemline.test`;
  await register(page, email);
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByText("Administrator")).toBeVisible();
});

test("sign-in is rate limited per e-mail with a 429 and Retry-After", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "limited");
  await page.goto("/auth/login");
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `guess ${i}`);
    await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password");
  }
  const fields = await formFields(page, "form#login");
  const limited = await page.request.post("/auth/login", {
    form: { ...fields, email, password: "guess 6" },
    maxRedirects: 0,
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  await signIn(page, email, "guess 7");
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
});

test("sign out everywhere ends every session", async ({ browser, page }, testInfo) => {
  const email = uniqueEmail(testInfo, "everywhere");
  await register(page, email);
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const otherPage = await other.newPage();
  await otherPage.goto("/auth/login");
  await signIn(otherPage, email);
  await expect(otherPage.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();

  // No waiting on Firebase: a session opened the same second as the revocation ends too.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/$/);
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
  await other.close();
});

test("signing out ends that session on the server only: a copy of its cookie opens nothing", async ({
  browser,
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "replay");
  const browserOptions = {
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  };
  await register(page, email);
  const copied = await page.context().storageState();
  const other = await browser.newContext(browserOptions);
  const otherPage = await other.newPage();
  await otherPage.goto("/auth/login");
  await signIn(otherPage, email);
  await expect(otherPage.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();

  await signOut(page);
  // The cookie as it was before signing out, replayed from another browser.
  const replay = await browser.newContext({ ...browserOptions, storageState: copied });
  const replayPage = await replay.newPage();
  await replayPage.goto("/profile");
  await expect(replayPage).toHaveURL(/\/auth\/login\?redirectTo=%2Fprofile$/);
  // The same account in another browser is still signed in.
  await otherPage.goto("/profile");
  await expect(otherPage.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await Promise.all([other.close(), replay.close()]);
});
