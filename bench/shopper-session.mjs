// A signed-in shopper with one item in the cart, made through the shop's own forms as a browser
// without JavaScript posts them: for bench/shopper-bench.mjs and quick checks by hand.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The shop's cookies, as one Cookie header. */
export class Jar {
  cookies = new Map();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === "") this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
  }
}

/** Every named input of the first form whose action matches, with its value (hidden fields, honeypot). */
function formFields(html, action) {
  const at = html.search(new RegExp(`<form[^>]*action="${action}[^"]*"`));
  const form = html.slice(at, html.indexOf("</form>", at));
  const fields = {};
  for (const input of form.match(/<input[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (!name || /type="(checkbox|radio)"/.test(input)) continue;
    fields[name] = /value="([^"]*)"/.exec(input)?.[1]?.replace(/&amp;/g, "&") ?? "";
  }
  return fields;
}

/** Registers `email`, adds one unit of `productId` to the cart; returns the jar holding the session. */
export async function signedInShopperWithCart(base, email, productId, forwardedFor) {
  const jar = new Jar();
  const call = async (path, init = {}) => {
    const response = await fetch(base + path, {
      ...init,
      redirect: "manual",
      headers: {
        "user-agent": BROWSER,
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        ...(init.headers ?? {}),
        cookie: jar.header(),
      },
    });
    jar.take(response);
    return response;
  };
  const post = (path, form) =>
    call(path, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const register = await (await call("/auth/register")).text();
  // The honeypot refuses a form sent faster than a person could fill it in.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const password = "bench-Password-123456";
  const registered = await post("/auth/register", {
    ...formFields(register, "/auth/register"),
    email,
    password,
    confirmPassword: password,
  });
  if (registered.status !== 303) throw new Error(`register ${email}: ${registered.status}`);
  const product = await (await call(`/products/${productId}`)).text();
  const colour = /name="colour"[^>]*value="([^"]+)"/.exec(product)?.[1] ?? "";
  const size = /name="size"(?![^>]*disabled)[^>]*value="([^"]+)"/.exec(product)?.[1] ?? "";
  const csrf = /name="csrf"[^>]*value="([^"]*)"/.exec(product)?.[1] ?? "";
  const added = await post(`/products/${productId}`, { csrf, intent: "add", productId, colour, size, quantity: "1" });
  if (added.status !== 303) throw new Error(`add to cart for ${email}: ${added.status}`);
  return jar;
}
