// The server renders the reviews in place (the page works without JavaScript); in the browser
// build this module is empty, so the section's code loads after the product page's own (see
// LazyReviewsSection) and hydration keeps the server's HTML until it has.
export { ReviewsSection } from "./ReviewsSection";
