import { useEffect } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { buttonClassName } from "../components/button.tsx";
import { Notice } from "../components/alert.tsx";
import { ACCOUNT_DELETED } from "../features/accounts/account-deleted.ts";
import { LOGGED_OUT } from "../features/accounts/logout-state.ts";
import { VisitorActions } from "../features/accounts/visitor-actions.tsx";
import { useDialog } from "../lib/dialog.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/home";

const screenGuards = guards("home");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("home");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useDialog();
  const { locale } = loaderData;
  const notice = (location.state as { notice?: string } | null)?.notice;
  const deleted = notice === ACCOUNT_DELETED;
  const openLogin = search.get("login") === "email";
  const bankidReturn = search.has("bankid");
  const openDialog = dialog.open;

  // The "you already have an account" e-mail links here with ?login=email.
  useEffect(() => {
    if (!openLogin) return;
    openDialog("EmailPwdLoginDialog");
    void navigate(pathTo("home", locale), { replace: true });
  }, [openLogin, openDialog, navigate, locale]);

  // BankID's return URL (this device, on phones): the login dialog carries on with the order.
  useEffect(() => {
    if (!bankidReturn) return;
    openDialog("EmailPwdLoginDialog", { data: { resumeBankId: true } });
    // The nonce leaves the address bar without a navigation (which would reload the screen).
    window.history.replaceState(window.history.state, "", pathTo("home", locale));
  }, [bankidReturn, openDialog, locale]);

  return (
    <div className="page stack landing">
      <div role="status">
        {deleted ? (
          <Notice tone="success" title={t("accounts.deleted.title")}>
            <p>{t("accounts.deleted.text")}</p>
          </Notice>
        ) : null}
        {notice === LOGGED_OUT ? (
          <Notice tone="success" title={t("home.loggedOutTitle")}>
            <p>{t("home.loggedOut")}</p>
          </Notice>
        ) : null}
      </div>
      {search.get("account") === "required" ? (
        <Notice tone="info" role="status">
          {t("home.accountRequired")}
        </Notice>
      ) : null}
      {search.get("token") === "expired" ? (
        <Notice tone="info" role="status">
          {t("home.expiredToken")}
        </Notice>
      ) : null}
      <h1>{t("home.heading")}</h1>
      <p className="lead">{t("home.lead")}</p>
      <div className="cluster">
        <Link to={pathTo("onboarding", locale)} className={buttonClassName("primary", "lg")}>
          {t("home.startScreening")}
        </Link>
        <Link to={pathTo("courses", locale)} className={buttonClassName("secondary", "lg")}>
          {t("home.browseCourses")}
        </Link>
      </div>
      <section className="stack" aria-labelledby="how-it-works">
        <h2 id="how-it-works">{t("home.howItWorks")}</h2>
        <ol className="steps">
          <li>{t("home.step1")}</li>
          <li>{t("home.step2")}</li>
          <li>{t("home.step3")}</li>
        </ol>
      </section>
      <section className="stack stack--md" aria-labelledby="home-account">
        <h2 id="home-account">{t("home.accountHeading")}</h2>
        <p>{t("home.accountText")}</p>
        <VisitorActions />
      </section>
    </div>
  );
}
