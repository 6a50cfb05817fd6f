// The categories themselves are the domain's (app/domain/category.ts); here is how pages show them.
export { CATEGORIES, getCategory, isCategoryId, type Category, type CategoryId } from "~/domain/category";
import type { CategoryId } from "~/domain/category";

/** The error page shows the first four as "Popular Categories". */
export const POPULAR_CATEGORY_COUNT = 4;

/** A neutral illustration of the category, for tiles (emoji icons need a font not every device has). */
export function categoryImage(id: CategoryId): string {
  return `/media/v1/${id}/front/d8d0c4.svg`;
}
