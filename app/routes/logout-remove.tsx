import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { DeleteAccountForm } from "../features/accounts/delete-account-form.tsx";
import { useFocusHeading } from "../features/accounts/use-focus-heading.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/logout-remove";
import { LOGOUT_CONFIRMED } from "../features/accounts/logout-state.ts";

const screenGuards = guards("logoutRemove");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("logoutRemove");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/**
 * Leave and delete the account (reached by declining new terms): what is deleted, the password
 * as confirmation, then home. Keeping the account or only logging out stay one click away.
 */
export default function LogoutRemoveScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const heading = useFocusHeading();
  return (
    <div className="stack">
      <h1 ref={heading} tabIndex={-1}>
        {t("screens.logoutRemove.heading")}
      </h1>
      <p>{t("screens.logoutRemove.description")}</p>
      <ul className="stack stack--sm">
        <li>{t("accounts.delete.what1")}</li>
        <li>{t("accounts.delete.what2")}</li>
        <li>{t("accounts.delete.what3")}</li>
      </ul>
      <DeleteAccountForm via="logout-remove" />
      <div className="stack stack--sm">
        <p>
          <Link to={pathTo("dashboard", locale)}>{t("accounts.logoutRemove.keep")}</Link>
        </p>
        <p>
          <Link to={pathTo("logout", locale)} state={LOGOUT_CONFIRMED}>
            {t("accounts.logoutRemove.logoutOnly")}
          </Link>
        </p>
      </div>
    </div>
  );
}
