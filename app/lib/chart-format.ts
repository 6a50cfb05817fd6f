import { getCategory } from "./categories";
import { formatWholeMoney } from "./money";

// Value formats for chart axes and tables.
export const axisMoney = (minor: number): string => formatWholeMoney(minor);
export const countFormat = (n: number): string => n.toLocaleString("en-IE");
export const categoryLabel = (id: string): string => getCategory(id)?.name ?? "Unknown category";
