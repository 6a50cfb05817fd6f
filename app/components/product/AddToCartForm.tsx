import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

// The product page's add-to-cart form, whatever it sells (sizes of a garment, a gift card's amounts):
// the token, the intent, the product and colour, and the refusal the server answered with, which the
// form names as its description. Works without JavaScript (a plain POST to the page).

export interface AddToCartFailure {
  error: string;
  field: string;
}

/** Whether this page's add to cart is being submitted (its button says so and waits). */
export function useAdding(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
}

export function AddToCartForm(props: {
  productId: string;
  colour: string;
  failure: AddToCartFailure | null;
  children: ReactNode;
}) {
  const { productId, colour, failure, children } = props;
  return (
    <Form method="post" className="mt-8 space-y-6" aria-describedby={failure ? "add-to-cart-error" : undefined}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="add" />
      {failure ? (
        <p id="add-to-cart-error" role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure.error}
        </p>
      ) : null}
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="colour" value={colour} />
      {children}
    </Form>
  );
}
