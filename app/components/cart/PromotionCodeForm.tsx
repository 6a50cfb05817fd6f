import { CodeEntryForm } from "~/components/forms/CodeEntryForm";

/** The discount code on the cart and at checkout: apply one, or remove the one applied. Posts to the page's own action. */
export function PromotionCodeForm({
  code,
  problem,
  error,
}: {
  /** The applied code, if any. */
  code: string | null;
  /** Why the applied code does not apply now (it stays until removed). */
  problem: string | null;
  /** The last apply's refusal (400). */
  error: string | null;
}) {
  return (
    <CodeEntryForm
      field={{ id: "promotion-code", name: "code" }}
      label="Discount code"
      applyIntent="apply-code"
      removeIntent="remove-code"
      error={error}
      applied={
        code
          ? {
              summary: (
                <>
                  Discount code{" "}
                  <span className="font-semibold" data-testid="applied-code">
                    {code}
                  </span>
                </>
              ),
              what: `discount code ${code}`,
              details: problem ? (
                <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
                  {problem}
                </p>
              ) : null,
            }
          : null
      }
    />
  );
}
