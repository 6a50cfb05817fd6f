/** How many to add to the cart: 1 to 10 (the cart's own limit per line decides the rest). */
export function QuantityInput() {
  return (
    <label className="text-sm font-semibold">
      Quantity
      <input
        type="number"
        name="quantity"
        defaultValue={1}
        min={1}
        max={10}
        step={1}
        inputMode="numeric"
        className="input mt-1 w-20"
      />
    </label>
  );
}
