import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CategoryReport } from "~/components/admin/CategoryReport";
import { seo } from "~/lib/seo";
import { categoryReportLoader } from "~/routes/admin.categories/category-report.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Categories", description: "Products, stock and sales per category.", noindex: true });

export const loader = ({ request, context }: LoaderFunctionArgs) => categoryReportLoader(request, context);

export default function AdminCategories() {
  return <CategoryReport report={useLoaderData<typeof loader>()} />;
}
