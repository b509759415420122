import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo, type ScreenId } from "../../../common/routing/route-table.ts";
import type { AppContext } from "../../app-context.ts";
import type { ClientInfo } from "../../lib/client-info.ts";

/**
 * An absolute link to a screen in a language, for e-mails. Production always uses
 * PUBLIC_ORIGIN (required there), so a forged Host header cannot redirect a link.
 */
export function screenLink(
  ctx: AppContext,
  client: Pick<ClientInfo, "origin">,
  id: ScreenId,
  locale: Locale,
  query: Record<string, string> = {},
): string {
  const origin = ctx.env.PUBLIC_ORIGIN ?? client.origin;
  const search = new URLSearchParams(query).toString();
  return `${new URL(pathTo(id, locale), origin).toString()}${search ? `?${search}` : ""}`;
}
