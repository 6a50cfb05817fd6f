import Ajv from "ajv";
import { expect } from "vitest";
import { OPENAPI_DOCUMENT } from "~/server/api/openapi.server";

// Every answer of the admin API checked against its OpenAPI document: the status must be one the
// document lists for the operation, the Content-Type its media type, and the body valid against
// its schema (ajv, the JSON-schema validator in node_modules).

const ajv = new Ajv({ allErrors: true, validateSchema: false, unknownFormats: "ignore" });
ajv.addSchema(OPENAPI_DOCUMENT as unknown as object, "openapi.json");

type Operation = { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };

/** The parsed body of `response` to `method` on `template` ("/orders/{id}"), after checking it against the document. */
export async function documented<T = Record<string, unknown>>(
  method: string,
  template: string,
  response: Response,
): Promise<T> {
  const paths = OPENAPI_DOCUMENT.paths as unknown as Record<string, Record<string, Operation>>;
  const operation = paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is in the OpenAPI document`).toBeDefined();
  const answer = operation!.responses[String(response.status)];
  expect(answer, `${method} ${template} documents status ${response.status}`).toBeDefined();
  const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0]!;
  const media = answer!.content[mediaType];
  expect(media, `${method} ${template} ${response.status} documents ${mediaType}`).toBeDefined();
  const body = (await response.json()) as T;
  const validate = ajv.getSchema(`openapi.json${media!.schema.$ref}`);
  expect(validate, `schema ${media!.schema.$ref}`).toBeDefined();
  const valid = validate!(body);
  expect(valid ? [] : validate!.errors, `${method} ${template} ${response.status} body matches its schema`).toEqual([]);
  return body;
}
