import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressForm } from "~/components/account/AddressForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { FormErrors } from "~/components/forms/Field";
import { seo } from "~/lib/seo";
import { requireUser } from "~/server/http/session.server";
import { addressBookAction, addressFormChoices } from "~/routes/profile_.addresses.new/address-book-actions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Edit an address", description: "A delivery address for your Hemline orders.", noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireUser(request, context);
  const address = await context.shop.addressBook.get(state.user.uid, params.id ?? "");
  if (!address) throw new Response("That address is not in your address book.", { status: 404 });
  return { address, ...(await addressFormChoices(context.shop)) };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  addressBookAction(request, context, params.id ?? "");

export default function EditAddress() {
  const { address, countries, homeCountry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Delete and make-default are posted from /profile; their rare errors come back here.
  const otherErrors =
    actionData && actionData.result.initialValue?.intent !== "save"
      ? Object.values(actionData.result.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : [];
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Breadcrumbs trail={[{ label: "Your profile", to: "/profile" }, { label: "Edit an address" }]} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Edit an address</h1>
      {otherErrors.length ? (
        <div className="mt-4">
          <FormErrors id="address-errors" errors={otherErrors} />
        </div>
      ) : null}
      <AddressForm
        lastResult={actionData?.result.initialValue?.intent === "save" ? actionData.result : undefined}
        defaultValue={address}
        submitLabel="Save changes"
        showDefault={!address.isDefault}
        countries={countries}
        homeCountry={homeCountry}
      />
    </div>
  );
}
