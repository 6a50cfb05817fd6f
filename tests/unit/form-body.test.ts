import { describe, expect, it } from "vitest";
import { FORM_MAX_BYTES, readBodyText, readForm, readUploadForm } from "~/server/http/form-body.server";

// The one reader of every action's body: what an HTML form sends is read, anything else is a
// 4xx Response with a plain message (thrown), never an exception that becomes a 500.

const URL_ = "http://shop.test/cart";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {
    method: "POST",
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
    // A Uint8Array body gets no Content-Type of its own, so "no type" really is none.
    body: typeof body === "string" ? new TextEncoder().encode(body) : body,
    duplex: "half",
  } as RequestInit);
}

/** A body streamed in chunks, with no Content-Length: the reader must stop at its limit. */
function streamOf(chunk: string, times: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(chunk);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= times) controller.close();
      else controller.enqueue(bytes);
    },
  });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

const multipart = (boundary: string, parts: string) => post(parts, `multipart/form-data; boundary=${boundary}`);
const field = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe("readForm (forms without files)", () => {
  it("reads a urlencoded form, whatever the case of the type and its parameters", async () => {
    const form = await readForm(
      post("csrf=t&intent=add&note=caf%C3%A9+%26+co&note=2", "Application/X-WWW-Form-URLEncoded; charset=UTF-8"),
    );
    expect(form.get("intent")).toBe("add");
    expect(form.getAll("note")).toEqual(["café & co", "2"]);
  });

  it("reads broken escapes and invalid UTF-8 as text instead of failing", async () => {
    const form = await readForm(
      post(
        new Uint8Array([...new TextEncoder().encode("a=%E0%A4%A&b=%ZZ&c="), 0xff, 0xfe]),
        "application/x-www-form-urlencoded",
      ),
    );
    expect(form.get("b")).toBe("%ZZ");
    expect(form.get("c")).toBe("\uFFFD\uFFFD");
  });

  it("reads an empty body as an empty form", async () => {
    const form = await readForm(post(null, "application/x-www-form-urlencoded"));
    expect([...form.keys()]).toEqual([]);
  });

  it.each([
    ["application/json", '{"intent":"add"}', "application/json"],
    ["a JSON array", '[{"intent":"add"}]', "application/json"],
    ["text/plain", "intent=add", "text/plain"],
    ["XML", "<form><intent>add</intent></form>", "application/xml"],
    [
      "multipart (this form takes no files)",
      field("b", "intent", "add") + "--b--\r\n",
      "multipart/form-data; boundary=b",
    ],
  ])("refuses %s with 415 and a plain message", async (_, body, type) => {
    const response = await thrown(readForm(post(body, type)));
    expect(response.status).toBe(415);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Accept-Post")).toBe("application/x-www-form-urlencoded");
    expect(await response.text()).toBe(
      `This form must be sent as application/x-www-form-urlencoded, as a browser sends it, not with ${type.split(";")[0]}.`,
    );
  });

  it("refuses a body without a content type, and never echoes a malformed type back", async () => {
    expect(await (await thrown(readForm(post("intent=add")))).text()).toMatch(/not with no content type\.$/);
    const odd = await thrown(readForm(post("x", "<script>alert(1)</script>")));
    expect(odd.status).toBe(415);
    expect(await odd.text()).toMatch(/not with this content type\.$/);
  });

  it("refuses a form over the limit with 413, whether it says so up front or streams it", async () => {
    const declared = await thrown(
      readForm(post("a=b", "application/x-www-form-urlencoded", { "Content-Length": String(FORM_MAX_BYTES + 1) })),
    );
    expect(declared.status).toBe(413);
    const streamed = await thrown(
      readForm(post(streamOf("a=" + "x".repeat(64 * 1024) + "&", 20), "application/x-www-form-urlencoded")),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.text()).toBe("The form is too large to be read. Nothing was saved.");
  });
});

describe("readUploadForm (forms with files)", () => {
  const limits = { maxPartBytes: 1000, maxBodyBytes: 4000 };

  it("reads multipart with a file, and urlencoded", async () => {
    const file = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nslug\r\n`;
    const form = await readUploadForm(multipart("b", field("b", "intent", "upload") + file + "--b--\r\n"), limits);
    expect(form?.get("intent")).toBe("upload");
    expect(form?.get("file")).toBeInstanceOf(File);
    expect(
      (await readUploadForm(post("intent=delete", "application/x-www-form-urlencoded"), limits))?.get("intent"),
    ).toBe("delete");
  });

  it.each([
    ["no boundary", post(field("b", "a", "1") + "--b--\r\n", "multipart/form-data")],
    ["an empty boundary", post(field("b", "a", "1") + "--b--\r\n", "multipart/form-data; boundary=")],
    ["a truncated body", multipart("b", field("b", "a", "1") + "--b\r\nContent-Disp")],
    ["a body cut inside a value", multipart("b", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n123')],
    ["a part without Content-Disposition", multipart("b", "--b\r\nContent-Type: text/plain\r\n\r\n1\r\n--b--\r\n")],
  ])("refuses multipart with %s with 400", async (_, request) => {
    const response = await thrown(readUploadForm(request, limits));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "The form could not be read: its multipart/form-data body is malformed or incomplete.",
    );
  });

  it("reads a body whose boundary never occurs as an empty form (then refused as a form without its CSRF token)", async () => {
    const form = await readUploadForm(multipart("other", field("b", "a", "1") + "--b--\r\n"), limits);
    expect([...(form?.keys() ?? [])]).toEqual([]);
  });

  it("answers null (the page says it is too large) for a part, a streamed body or a declared length over the limits", async () => {
    expect(await readUploadForm(multipart("b", field("b", "a", "x".repeat(2000)) + "--b--\r\n"), limits)).toBeNull();
    const manySmallParts = post(streamOf(field("b", "a", "x".repeat(100)), 100), "multipart/form-data; boundary=b");
    expect(await readUploadForm(manySmallParts, limits)).toBeNull();
    expect(
      await readUploadForm(post("a=1", "multipart/form-data; boundary=b", { "Content-Length": "5000" }), limits),
    ).toBeNull();
    expect(
      await readUploadForm(post(streamOf("a=" + "x".repeat(1000), 10), "application/x-www-form-urlencoded"), limits),
    ).toBeNull();
  });

  it("refuses JSON with 415, naming both accepted types", async () => {
    const response = await thrown(readUploadForm(post("{}", "application/json"), limits));
    expect(response.status).toBe(415);
    expect(response.headers.get("Accept-Post")).toBe("application/x-www-form-urlencoded, multipart/form-data");
  });
});

describe("readBodyText (webhooks)", () => {
  it("reads the text, or null past the limit", async () => {
    expect(await readBodyText(post('{"id":"evt_1"}', "application/json"), 100)).toBe('{"id":"evt_1"}');
    expect(await readBodyText(post(streamOf("x".repeat(64), 10), "application/json"), 100)).toBeNull();
  });
});
