// The server renders the review form in place (the page works without JavaScript); in the
// browser build this module is empty, so the form's code (conform + zod) loads only where a
// buyer may review (see ReviewsSection).
export { ReviewForm } from "./ReviewForm";
