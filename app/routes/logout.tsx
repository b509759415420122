import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useLocation, useNavigate } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { Button } from "../components/button.tsx";
import { LOGGED_OUT, isConfirmedLogout } from "../features/accounts/logout-state.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { drafts } from "../lib/form/draft-store.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/logout";

const screenGuards = guards("logout");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

// A visitor has nothing to lose to a forged link: only a session is worth asking about.
const data = screenData("logout", async ({ status }) => ({ signedIn: status.logged_in }));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/**
 * §4: logout calls the logout endpoint, clears user data and the CSRF token, and goes to /.
 * The app's own links say so in their history state and log out at once; reached any other
 * way (a link on another site, a typed address) the screen asks first (ADR 006). Without a
 * session there is nothing to ask about: the screen says so and clears what the browser holds.
 */
export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // History state exists only in the browser: the server and the hydrating render ask first.
  const hydrated = useHydrated();
  const confirmed = !loaderData.signedIn || (hydrated && isConfirmedLogout(location.state));
  const [leaving, setLeaving] = useState(false);
  const active = useRef(true);
  const logout = useCallback(() => {
    setLeaving(true);
    const api = browserApi();
    void api
      .post("/logout")
      .catch(() => undefined)
      .finally(() => {
        if (!active.current) return;
        active.current = false;
        api.options.csrf.set(null);
        // Unsaved drafts go with a chosen logout (a forced one keeps them for the next login).
        drafts.clear();
        void navigate(pathTo("home", loaderData.locale), { replace: true, state: { notice: LOGGED_OUT } });
      });
  }, [navigate, loaderData.locale]);
  useEffect(() => {
    active.current = true;
    if (confirmed && hydrated) logout();
    return () => {
      active.current = false;
    };
  }, [confirmed, hydrated, logout]);
  if (leaving || confirmed) {
    return (
      <div className="stack" role="status">
        <h1>{t("screens.logout.heading")}</h1>
        <p>{t("screens.logout.description")}</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{t("screens.logout.confirmHeading")}</h1>
      <p>{t("screens.logout.confirmDescription")}</p>
      <div className="stack stack--sm">
        <div>
          <Button onClick={logout}>{t("nav.logout")}</Button>
        </div>
        <p>
          <Link to={pathTo("dashboard", loaderData.locale)}>{t("screens.logout.stay")}</Link>
        </p>
      </div>
    </div>
  );
}
