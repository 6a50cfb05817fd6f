/** Five stars filled to a rating (halves rounded), for the eye only: the words beside them say the rating. */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span aria-hidden="true" className={`inline-flex tracking-tight ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? "text-amber-600" : "text-stone-300"}>
          ★
        </span>
      ))}
    </span>
  );
}

/** The product's rating near its title: stars, then "4.3 out of 5, 12 reviews" linking to the reviews. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) {
    return (
      <p className="mt-2 text-sm text-stone-600">
        <a href="#reviews" className="underline">
          No reviews yet
        </a>
      </p>
    );
  }
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-stone-700">
      <Stars rating={average} className="text-base" />
      <a href="#reviews" className="underline">
        {average.toFixed(1)} out of 5, {count} {count === 1 ? "review" : "reviews"}
      </a>
    </p>
  );
}
