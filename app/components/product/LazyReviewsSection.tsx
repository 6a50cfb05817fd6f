import { belowTheFold } from "~/components/below-the-fold";
import * as onServer from "./reviews-section.server";

export const LazyReviewsSection = belowTheFold(onServer.ReviewsSection, () =>
  import("./ReviewsSection").then((m) => m.ReviewsSection),
);
