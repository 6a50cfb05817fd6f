import { describe, expect, it } from "vitest";
import { errorDetails } from "~/lib/error-details";

/** The shape of Remix's error responses (what isRouteErrorResponse recognises). */
class ErrorResponse {
  readonly data: unknown;
  constructor(
    readonly status: number,
    readonly statusText: string,
    data: unknown,
    readonly internal = false,
  ) {
    // As Remix does: an Error becomes its string.
    this.data = data instanceof Error ? data.toString() : data;
  }
}

// What the error page says for what a route (or Remix itself) threw: never framework text.
describe("errorDetails", () => {
  const remixText =
    'You made a POST request to "/about" but did not provide an `action` for route "routes/about", so there is no way to handle the request.';

  it("gives a 405 Remix made itself the page of its status, not Remix's text", () => {
    // On the server (and without JavaScript) the response carries Remix's `internal` mark…
    expect(errorDetails(new ErrorResponse(405, "Method Not Allowed", new Error(remixText), true))).toEqual({
      status: 405,
      title: "Something Went Wrong",
      message: "An unexpected error occurred. Please try again or contact support.",
    });
    // …which single fetch drops on the way to the browser: the stringified Error is left.
    const hydrated = new ErrorResponse(405, "Method Not Allowed", `Error: ${remixText}`);
    expect(errorDetails(hydrated).message).toBe("An unexpected error occurred. Please try again or contact support.");
  });

  it("keeps the shop's own messages", () => {
    expect(errorDetails(new ErrorResponse(404, "Not Found", "Page Not Found: /products/x!")).message).toBe(
      "Page Not Found: /products/x!",
    );
    expect(errorDetails(new ErrorResponse(503, "Service Unavailable", "Firestore not available"))).toMatchObject({
      title: "Something Went Wrong",
      message: "Firestore not available",
    });
  });

  it("gives each status its own title", () => {
    const title = (status: number) => errorDetails(new ErrorResponse(status, "", null)).title;
    expect([404, 500, 403, 401, 405, 400, 429].map(title)).toEqual([
      "Page Not Found",
      "Server Error",
      "Access Forbidden",
      "Unauthorized",
      "Something Went Wrong",
      "Something Went Wrong",
      "Something Went Wrong",
    ]);
  });

  it("never shows a thrown Error's message", () => {
    expect(errorDetails(new Error("SQLITE_BUSY: database is locked"))).toMatchObject({
      status: 500,
      title: "Server Error",
    });
  });
});
