import type { AppLoadContext, EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import type { Config } from "../config.server";
import type { ErrorTitle } from "./page-tree.server";

/** What delivering one page takes, made once per document request by deliverPage. */
export interface PageRequest {
  request: Request;
  status: number;
  headers: Headers;
  remixContext: EntryContext;
  loadContext: AppLoadContext;
  config: Config;
  bot: boolean;
  nonce: string;
  tree: ReactElement;
  errorTitle: ErrorTitle;
  /** Once the shell rendered: whether the title starts "Error: " (a submission shown with its errors). */
  retitled: () => boolean;
}
