import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getConfig } from "../config.server";
import { csrfCookie } from "./cookies.server";

let instance: CSRF | undefined;

export function csrf(): CSRF {
  instance ??= new CSRF({ cookie: csrfCookie(), formDataKey: "csrf", secret: getConfig().sessionSecret });
  return instance;
}

export const CSRF_MESSAGE = "This form has expired. Please reload the page and try again.";

/** Null when the form's token matches its cookie; otherwise the message to show on the form. */
export async function csrfProblem(formData: FormData, request: Request): Promise<string | null> {
  try {
    await csrf().validate(formData, request.headers);
    return null;
  } catch (error) {
    if (error instanceof CSRFError) return CSRF_MESSAGE;
    throw error;
  }
}
