/** Product, order, post and user ids: what our stores generate (and Firestore document ids allow). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidId(value: string | undefined): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
