/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single Fetch types: loaders and actions returning data() infer their real types.
import "@remix-run/node";
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
