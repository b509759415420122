import type { AppContext } from "../../app-context.ts";
import { isDeletedUserReference } from "../../db/unique-violation.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { throttleKey } from "../throttle/throttle.ts";

/**
 * Runs `send` once more when the account it found was deleted before its mail or code was stored
 * (the foreign key refused them): the second run finds no account, as a moment later it would.
 */
export async function againIfDeleted(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!isDeletedUserReference(error)) throw error;
    await send();
  }
}

/** Per-address and per-IP limits on requests that send e-mail (no account enumeration). */
export async function limitMailRequests(ctx: AppContext, client: ClientInfo, scope: string, email: string): Promise<void> {
  await ctx.throttle.hit([
    { key: throttleKey(`${scope}:email`, email), policy: ctx.policies.emailRate },
    { key: throttleKey(`${scope}:ip`, client.ip), policy: ctx.policies.ipRate },
  ]);
}
