import type { Endpoint } from "./endpoint.ts";
import { postLogout } from "./v1/auth/post-logout.ts";
import { getCsrfToken } from "./v1/csrf/get-csrf-token.ts";
import { getMe } from "./v1/me/get-me.ts";
import { getOpenApi } from "./v1/meta/get-openapi.ts";

/** Every endpoint of /api/v1, in one list: registration, the OpenAPI document and tests read it. */
export const endpoints: readonly Endpoint[] = [getCsrfToken, getMe, getOpenApi, postLogout] as Endpoint[];
