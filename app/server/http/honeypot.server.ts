import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { getConfig } from "../config.server";

let instance: Honeypot | undefined;

/** A hidden field that people never fill and bots do, on the public account forms. */
export function honeypot(): Honeypot {
  instance ??= new Honeypot({ encryptionSeed: getConfig().sessionSecret, validFromFieldName: null });
  return instance;
}

export const SPAM_MESSAGE = "Your request could not be processed. Please try again.";

export function honeypotProblem(formData: FormData): string | null {
  try {
    honeypot().check(formData);
    return null;
  } catch (error) {
    if (error instanceof SpamError) return SPAM_MESSAGE;
    throw error;
  }
}
