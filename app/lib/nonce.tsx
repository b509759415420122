import { createContext, useContext } from "react";

/** The CSP nonce of this document (rendered by the server, read back in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
