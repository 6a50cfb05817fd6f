import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressForm } from "~/components/account/AddressForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { seo } from "~/lib/seo";
import { requireUser } from "~/server/http/session.server";
import { addressBookAction, addressFormChoices } from "~/routes/profile_.addresses.new/address-book-actions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Add an address", description: "A delivery address for your Hemline orders.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireUser(request, context);
  const [addresses, choices] = await Promise.all([
    context.shop.addressBook.list(state.user.uid),
    addressFormChoices(context.shop),
  ]);
  return { hasAddresses: addresses.length > 0, ...choices };
}

export const action = ({ request, context }: ActionFunctionArgs) => addressBookAction(request, context, null);

export default function NewAddress() {
  const { hasAddresses, countries, homeCountry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Breadcrumbs trail={[{ label: "Your profile", to: "/profile" }, { label: "Add an address" }]} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Add an address</h1>
      {!hasAddresses ? (
        <p className="mt-2 text-sm text-stone-600">Your first address becomes your default delivery address.</p>
      ) : null}
      <AddressForm
        lastResult={actionData?.result}
        submitLabel="Save address"
        showDefault={hasAddresses}
        countries={countries}
        homeCountry={homeCountry}
      />
    </div>
  );
}
