import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionInfo } from "../sessions/session-types.ts";

/** How recent a BankID login must be to confirm an irreversible step (deleting the account). */
export const FRESH_BANKID_LOGIN_MS = 10 * 60_000;

/**
 * A session starts at its BankID login (every login makes a new session), so its age is the age
 * of the BankID identification. Older than ten minutes: log in with BankID again.
 */
export function assertFreshBankIdLogin(ctx: AppContext, session: SessionInfo): void {
  if (session.user.authType !== "bankid" || ctx.clock.now().getTime() - session.createdAt.getTime() > FRESH_BANKID_LOGIN_MS) {
    throw new AppError("bankid.reauth_required");
  }
}
