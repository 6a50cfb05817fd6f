import { Honeypot, SpamError, type HoneypotInputProps } from "remix-utils/honeypot/server";
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

let inputProps: HoneypotInputProps | undefined;

/**
 * What a page's honeypot fields need, made once: with no valid-from field (above) the check reads
 * no timestamp, so the props never change. remix-utils' getInputProps encrypts a timestamp on every
 * call (AES in crypto-js, ~3 % of a page's CPU when the root loader asked for it on every page).
 */
export function honeypotInputProps(): HoneypotInputProps {
  inputProps ??= { ...honeypot().getInputProps(), encryptedValidFrom: "" };
  return inputProps;
}
