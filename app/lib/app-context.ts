import { createContext } from "react-router";
import type { UserStatus } from "../../common/schemas/me.ts";
import type { ApiClient } from "./api/client.ts";

/** The user status read once per navigation by the root middleware (server and browser). */
export const statusContext = createContext<UserStatus>();

/** The API client of this request (in-process on the server, fetch in the browser). */
export const apiContext = createContext<ApiClient>();
