// The server renders product grids in place; in the browser build this module is empty, so a grid
// below the fold loads its code after the page's own (see LazyProductGrid).
export { ProductGrid } from "./ProductCard";
