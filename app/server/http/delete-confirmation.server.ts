import { data } from "@remix-run/node";
import { z } from "zod";
import { formGuardProblem } from "./forms.server";
import { parseForm } from "./form-shape.server";

const schema = z.object({ intent: z.enum(["delete", "confirm-delete"]) });

/**
 * The two presses of a delete button (DeleteWithConfirmation), without JavaScript: the first
 * ("delete") comes back as the reply of intent "delete" with no error, which the page shows as the
 * question; a refused press comes back with its message. null once the second press
 * ("confirm-delete") passes its checks: the route deletes.
 */
export async function deleteConfirmation(formData: FormData, request: Request) {
  const submission = parseForm(formData, { schema });
  const problem = await formGuardProblem(formData, request);
  if (problem)
    return data(
      { intent: "delete" as const, result: submission.reply({ formErrors: [problem.message] }) },
      { status: problem.status },
    );
  if (formData.get("intent") === "confirm-delete") return null;
  return data({ intent: "delete" as const, result: submission.reply() });
}
