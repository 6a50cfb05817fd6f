import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formFields, registerOrSignIn } from "./support/accounts";

// A form whose field names have the wrong shape (a list sent as one value, a plain field as a
// list, ten thousand rows, deep nesting) is answered 400 with the form's message, on the page it
// came from: never a 500 from rendering it back (issue 25, item 1). Posted from the signed-in
// page's own session and CSRF token, as a forged or hand-made submission would be.

const MESSAGE =
  "This form could not be read: it was not sent the way the page sends it. Reload the page and try again.";

async function postShape(page: Page, path: string, formSelector: string, change: (f: Record<string, string>) => void) {
  await page.goto(path);
  const fields = await formFields(page, formSelector);
  change(fields);
  const response = await page.request.post(path, { form: fields, maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}

test("the product editor answers list fields of the wrong shape with 400 and its message", async ({ page, js }) => {
  await registerOrSignIn(page, `catalogue-admin-${js ? "js-on" : "js-off"}@hemline.test`);
  const shapes: Array<[string, (f: Record<string, string>) => void]> = [
    ["a list sent as one value (colours)", (f) => (f.colours = "Red")],
    ["a list sent as one value (sizes)", (f) => (f.sizes = "S")],
    ["a plain field sent as a list", (f) => ((f["price[1].y"] = "z"), delete f.price)],
    ["ten thousand rows", (f) => (f["colours[9999].name"] = "Red")],
    ["deep nesting", (f) => (f[`a${"[0].b".repeat(2000)}`] = "x")],
  ];
  for (const [what, change] of shapes) {
    const answer = await postShape(page, "/admin/products/new", "main form[method=post]:has(input[name=name])", (f) => {
      f.intent = "save";
      change(f);
    });
    expect(answer.status, what).toBe(400);
    expect(answer.html, what).toContain(MESSAGE);
  }
});

test("account and checkout forms answer a plain field sent as a list with 400 and their message", async ({ page }) => {
  const register = await postShape(page, "/auth/register", "main form[method=post]", (f) => {
    f["email[0]"] = "shape@example.com";
    f.password = f.confirmPassword = "correct horse battery";
  });
  expect(register.status).toBe(400);
  expect(register.html).toContain(MESSAGE);

  const login = await postShape(page, "/auth/login", "main form[method=post]", (f) => {
    f["password[1].y"] = "z";
    f.email = "shape@example.com";
  });
  expect(login.status).toBe(400);
  expect(login.html).toContain(MESSAGE);
});
