// Errors of the admin API as RFC 9457 problem details (application/problem+json). `type` is a
// stable URI per kind of problem, so a caller can branch on it; `detail` is for people.

export const PROBLEM_TYPES = {
  unauthorized: "Missing or invalid API key",
  forbidden: "The key lacks a permission",
  "not-found": "Not found",
  "invalid-request": "Invalid request",
  conflict: "Conflict",
  "rate-limited": "Too many requests",
  "method-not-allowed": "Method not allowed",
  "unsupported-media-type": "Unsupported media type",
  "payload-too-large": "Request body too large",
  "payment-processor": "The payment processor did not answer",
} as const;

export type ProblemType = keyof typeof PROBLEM_TYPES;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Field by field, for invalid-request. */
  errors?: Array<{ field: string; message: string }>;
}

export const problemTypeUri = (type: ProblemType) => `https://hemline.dev/problems/${type}`;

/** Thrown by an endpoint to answer with a problem; the API wrapper turns it into the Response. */
export class ApiProblem extends Error {
  constructor(
    readonly type: ProblemType,
    readonly status: number,
    detail: string,
    readonly extra: { errors?: Problem["errors"]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = "ApiProblem";
  }
}

export function problemResponse(problem: ApiProblem): Response {
  const body: Problem = {
    type: problemTypeUri(problem.type),
    title: PROBLEM_TYPES[problem.type],
    status: problem.status,
    detail: problem.message,
    ...(problem.extra.errors ? { errors: problem.extra.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: {
      "Content-Type": "application/problem+json",
      "Cache-Control": "no-store",
      ...problem.extra.headers,
    },
  });
}
