import type { OrderStatus } from "~/domain/commerce";
import { countFormat } from "~/lib/chart-format";
import { STATUS_LABELS } from "~/lib/order-status";
import { AdminSection } from "./AdminPage";
import { HorizontalBarChart } from "./charts/HorizontalBarChart";

/** The back office's "Orders by status" chart (dashboard and order analytics): a count per status. */
export function OrdersByStatus({ byStatus }: { byStatus: ReadonlyArray<{ status: OrderStatus; orders: number }> }) {
  return (
    <AdminSection id="status-heading" title="Orders by status">
      <HorizontalBarChart
        title="Orders by status"
        data={byStatus.map((s) => ({ label: STATUS_LABELS[s.status], value: s.orders }))}
        format={countFormat}
        labelHeading="Status"
        valueHeading="Orders"
      />
    </AdminSection>
  );
}
