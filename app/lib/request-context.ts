import { createContext } from "react-router";
import type { RequestContextValue } from "../../common/contract/request-context.ts";

/** The key of the request context the server hands to every SSR request (common/contract). */
export const requestContext = createContext<RequestContextValue>();
