import type { ShownOnce } from "~/lib/shown-once";

/** The panel that shows a new secret once, selectable for copying. */
export function SecretShownOnce({ shown }: { shown: ShownOnce }) {
  return (
    <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-sm">
      <p className="font-medium [overflow-wrap:anywhere]">{shown.message}</p>
      <label className="mt-2 block">
        <span className="block text-stone-700">{shown.label}</span>
        <input readOnly value={shown.secret} className="input mt-1 w-full font-mono" data-testid="shown-once" />
      </label>
    </div>
  );
}
