import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { namesShapeProblem } from "./form-shape.server";
import { commonSecurityHeaders } from "./security-headers.server";

// The one place an action reads its request body. HTML forms send
// application/x-www-form-urlencoded, or multipart/form-data when they carry files; anything else
// (JSON, text, XML, no type) is answered 415, a body that cannot be parsed 400 and one over the
// limit 413, each as a thrown plain-text Response: the error page renders it for a document
// request, a resource route sends it as it is. Never a 500 for what a client sent.

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** Far more than any form without files holds (the longest is a 200,000-character post, sent multipart). */
export const FORM_MAX_BYTES = 1024 * 1024;

export interface UploadLimits {
  /** The largest single part (file or field) read; larger answers null, so the page can say so. */
  maxPartBytes: number;
  /** The largest whole body read; larger answers null too. */
  maxBodyBytes: number;
}

class BodyTooLargeError extends Error {}

function refuse(status: 400 | 413 | 415, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: {
      ...commonSecurityHeaders(),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra,
    },
  });
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

function unsupported(type: string, accepted: string[]): Response {
  // Only a well-formed type is named back; anything else is "this content type".
  const sent = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(type)
    ? type
    : type
      ? "this content type"
      : "no content type";
  return refuse(415, `This form must be sent as ${accepted.join(" or ")}, as a browser sends it, not with ${sent}.`, {
    "Accept-Post": accepted.join(", "),
  });
}

function tooLargeByHeader(request: Request, max: number): boolean {
  const length = Number(request.headers.get("Content-Length"));
  return Number.isFinite(length) && length > max;
}

/** The body's bytes, reading no more than `max` of them. */
async function readLimited(request: Request, max: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The request's body as text (UTF-8), at most `max` bytes; null when it is larger. For bodies that are not forms (webhooks). */
export async function readBodyText(request: Request, max: number): Promise<string | null> {
  if (tooLargeByHeader(request, max)) return null;
  try {
    return new TextDecoder().decode(await readLimited(request, max));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

async function readUrlencoded(request: Request, max: number): Promise<FormData | null> {
  if (tooLargeByHeader(request, max)) return null;
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request, max);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
  const formData = new FormData();
  // URLSearchParams takes any text (a stray % stays as it is); invalid UTF-8 becomes U+FFFD.
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) formData.append(name, value);
  return formData;
}

/** The body as a stream that fails with BodyTooLargeError past `max` bytes. */
function limitedStream(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > max) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function readMultipart(request: Request, limits: UploadLimits): Promise<FormData | null> {
  if (tooLargeByHeader(request, limits.maxBodyBytes)) return null;
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ? limitedStream(request.body, limits.maxBodyBytes) : null,
    duplex: "half",
  } as RequestInit);
  try {
    return await unstable_parseMultipartFormData(
      limited,
      unstable_createMemoryUploadHandler({ maxPartSize: limits.maxPartBytes }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || error instanceof BodyTooLargeError) return null;
    // The parser's own complaints (no boundary, a truncated body, a part without a name) are the sender's.
    throw refuse(400, "The form could not be read: its multipart/form-data body is malformed or incomplete.");
  }
}

/** A form nested deeper, or with more rows, than any page sends is refused before anything reads it: 400. */
function checkedNames(formData: FormData): FormData {
  const problem = namesShapeProblem(formData);
  if (problem) throw refuse(400, problem);
  return formData;
}

/**
 * The form of an action without files: urlencoded only, at most FORM_MAX_BYTES. Throws a 415,
 * 413 or 400 Response for anything else.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = mediaType(request);
  if (type !== URLENCODED) throw unsupported(type, [URLENCODED]);
  const formData = await readUrlencoded(request, FORM_MAX_BYTES);
  if (!formData) throw refuse(413, "The form is too large to be read. Nothing was saved.");
  return checkedNames(formData);
}

/**
 * The form of an action that takes files: urlencoded or multipart. Null when the body or one of
 * its parts is over the limits, so the page can answer 413 with its own message and the values
 * kept; throws a 415 or 400 Response for anything else.
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<FormData | null> {
  const type = mediaType(request);
  if (type !== URLENCODED && type !== MULTIPART) throw unsupported(type, [URLENCODED, MULTIPART]);
  const formData = await (type === URLENCODED
    ? readUrlencoded(request, limits.maxBodyBytes)
    : readMultipart(request, limits));
  return formData && checkedNames(formData);
}
