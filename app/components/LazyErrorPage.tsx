import { belowTheFold } from "~/components/below-the-fold";
import * as onServer from "./error-page.server";

// Error pages are rare: their code (search form, popular categories) is not part of every page's JavaScript.
export const LazyErrorPage = belowTheFold(onServer.ErrorPage, () => import("./ErrorPage").then((m) => m.ErrorPage));
