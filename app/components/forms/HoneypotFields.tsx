import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/components/layout/root-data";

/**
 * The honeypot of the public account forms (remix-utils' checks it on the server), rendered as
 * remix-utils' HoneypotInputs does but with a valid `autocomplete` ("off", not "nope"): hidden,
 * out of the tab order, never autofilled, so only bots fill it in.
 */
export function HoneypotFields({ label = "Please leave this field blank" }: { label?: string }) {
  const fields = (useRouteLoaderData("root") as RootData | undefined)?.honeypot;
  const name = fields?.nameFieldName ?? "name__confirm";
  const validFrom =
    fields?.validFromFieldName && fields.encryptedValidFrom
      ? { name: fields.validFromFieldName, value: fields.encryptedValidFrom }
      : null;
  return (
    <div id={`${name}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFrom ? (
        <>
          <label htmlFor={validFrom.name}>{label}</label>
          <input
            id={validFrom.name}
            name={validFrom.name}
            type="text"
            value={validFrom.value}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
