// The server renders the error page in place; in the browser build this module is empty, so its
// code loads only when an error page is shown, not with every page (see LazyErrorPage).
export { ErrorPage } from "./ErrorPage";
