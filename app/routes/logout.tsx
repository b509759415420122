import { useEffect } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/logout";

const screenGuards = guards("logout");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("logout");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** §4: logout calls the logout endpoint, clears user data and the CSRF token, and goes to /. */
export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const api = browserApi();
    let done = false;
    void api
      .post("/logout")
      .catch(() => undefined)
      .finally(() => {
        if (done) return;
        done = true;
        api.options.csrf.set(null);
        void navigate(pathTo("home", loaderData.locale), { replace: true });
      });
    return () => {
      done = true;
    };
  }, [navigate, loaderData.locale]);
  return (
    <div className="stack" role="status">
      <h1>{t("screens.logout.heading")}</h1>
      <p>{t("screens.logout.description")}</p>
    </div>
  );
}
