import { getCategory } from "./categories";
import { BASE_CURRENCY, formatWholeMoney } from "~/domain/money";

// Value formats for chart axes and tables.
export const axisMoney = (minor: number): string => formatWholeMoney(minor, BASE_CURRENCY);
export const countFormat = (n: number): string => n.toLocaleString("en-IE");
export const categoryLabel = (id: string): string => getCategory(id)?.name ?? "Unknown category";
