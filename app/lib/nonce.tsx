import { createContext, useContext } from "react";

// The CSP nonce of the current response, provided by entry.server; empty in the browser
// (React leaves server-rendered nonce attributes alone during hydration).
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
