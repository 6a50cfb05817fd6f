// A shopper without a browser: a cookie jar and the shop's own forms, posted as a browser without
// JavaScript posts them. For races that need dozens of shoppers at once (the multi-instance test)
// and for the purchase benchmark.

/** A browser's cookie jar, enough for the shop's own cookies (shared by every port of one host, as in a browser). */
export class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The value of a form field in a page's HTML. */
export const field = (html: string, name: string) =>
  new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean) ?? "";

export const GUEST_ADDRESS = {
  name: "Test Shopper",
  line1: "1 Load Street",
  city: "Dublin",
  postalCode: "D01",
  country: "IE",
  shippingMethod: "standard",
  cardNumber: "4242424242424242",
  expiry: "12/34",
  cvc: "123",
};

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

export class HttpShopper {
  readonly jar = new Jar();

  /** `base`: the shop instance this shopper talks to (it may change between calls). */
  constructor(public base: string) {}

  async call(url: string, init: RequestInit = {}): Promise<Response> {
    const target = /^https?:/.test(url) ? url : this.base + url;
    // A browser's user agent: the shop answers bots' errors with a bare status, people with the page.
    const response = await fetch(target, {
      ...init,
      redirect: "manual",
      headers: { "user-agent": BROWSER, ...(init.headers ?? {}), cookie: this.jar.header() },
    });
    this.jar.take(response);
    return response;
  }

  post(url: string, form: Record<string, string>): Promise<Response> {
    return this.call(url, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }

  /** Add one unit to the cart from the product page; the first colour and size on sale unless given. */
  async add(productId: string, choice: { colour?: string; size?: string } = {}): Promise<Response> {
    const page = await (await this.call(`/products/${productId}`)).text();
    const colour = choice.colour ?? /name="colour"[^>]*value="([^"]+)"/.exec(page)?.[1] ?? "";
    const size = choice.size ?? /name="size"(?![^>]*disabled)[^>]*value="([^"]+)"/.exec(page)?.[1] ?? "";
    return this.post(`/products/${productId}`, {
      csrf: field(page, "csrf"),
      intent: "add",
      productId,
      colour,
      size,
      quantity: "1",
    });
  }

  /** The checkout form as the page gives it (CSRF token and idempotency key), filled in as a guest. */
  async checkoutForm(email: string): Promise<Record<string, string>> {
    const page = await (await this.call("/checkout")).text();
    return { csrf: field(page, "csrf"), checkoutKey: field(page, "checkoutKey"), email, ...GUEST_ADDRESS };
  }
}

/** A page's HTML as a reader sees its text runs: React's `<!-- -->` between adjacent texts removed. */
export const pageText = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
