/**
 * A back-office table's column headings: numbers right-aligned, the last column without padding.
 * A column of row actions has a heading for screen readers only.
 */
export type TableColumn = string | { label: string; numeric: true } | { label: string; visuallyHidden: true };

export function TableHead({ columns }: { columns: ReadonlyArray<TableColumn> }) {
  return (
    <thead>
      <tr className="border-b border-stone-300">
        {columns.map((column, i) => {
          const label = typeof column === "string" ? column : column.label;
          const numeric = typeof column !== "string" && "numeric" in column;
          const hidden = typeof column !== "string" && "visuallyHidden" in column;
          const last = i === columns.length - 1;
          return (
            <th
              key={label}
              scope="col"
              className={["py-2", last ? "" : "pr-4", numeric ? "text-right" : ""].filter(Boolean).join(" ")}
            >
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
