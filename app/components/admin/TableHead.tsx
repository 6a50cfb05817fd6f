/** A back-office table's column headings: numbers right-aligned, the last column without padding. */
export function TableHead({ columns }: { columns: ReadonlyArray<string | { label: string; numeric: true }> }) {
  return (
    <thead>
      <tr className="border-b border-stone-300">
        {columns.map((column, i) => {
          const label = typeof column === "string" ? column : column.label;
          const numeric = typeof column !== "string";
          const last = i === columns.length - 1;
          return (
            <th
              key={label}
              scope="col"
              className={["py-2", last ? "" : "pr-4", numeric ? "text-right" : ""].filter(Boolean).join(" ")}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
