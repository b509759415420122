import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { profileResponse } from "../../common/schemas/profile.ts";
import { buttonClassName } from "../components/button.tsx";
import { AccountSection } from "../features/profile/account-section.tsx";
import { PreferencesSection } from "../features/profile/preferences-section.tsx";
import { PrivacySection } from "../features/profile/privacy-section.tsx";
import { ReminderSettings } from "../features/profile/reminder-settings.tsx";
import { SecuritySection } from "../features/profile/security-section.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import { DEFAULT_THEME } from "../lib/theme.ts";
import { useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/profile";
import { LOGOUT_CONFIRMED } from "../features/accounts/logout-state.ts";

const screenGuards = guards("profile");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("profile", async ({ api, url }) => ({
  profile: await api.get("/me/profile/", { schema: profileResponse }),
  /** The e-mail-change link opens the profile with this code. */
  emailCode: url.searchParams.get("email_code"),
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** The profile: account, preferences, security, privacy, and the service's information pages. */
export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, profile, emailCode } = loaderData;
  const root = useRootData();
  return (
    <div className="page stack profile">
      <div className="stack stack--md">
        <h1>{profile.name ? t("profile.headingNamed", { name: profile.name }) : t("screens.profile.heading")}</h1>
        <p className="lead">{t("screens.profile.description")}</p>
        {/* Logging out is an everyday action: at the top, away from deleting the account. */}
        <div>
          <Link to={pathTo("logout", locale)} state={LOGOUT_CONFIRMED} className={buttonClassName("secondary")}>
            {t("nav.logout")}
          </Link>
        </div>
      </div>
      <AccountSection profile={profile} emailCode={emailCode} />
      <PreferencesSection profile={profile} locale={locale} theme={root?.theme ?? DEFAULT_THEME} />
      <ReminderSettings locale={locale} />
      <SecuritySection profile={profile} locale={locale} />
      <PrivacySection profile={profile} />
      <nav aria-labelledby="profile-about" className="stack stack--md">
        <h2 id="profile-about">{t("accounts.profile.about")}</h2>
        <ul className="cluster list-plain">
          <li>
            <Link to={pathTo("aboutUs", locale)}>{t("footer.about")}</Link>
          </li>
          <li>
            <Link to={pathTo("privacy", locale)}>{t("footer.privacy")}</Link>
          </li>
          <li>
            <Link to={pathTo("terms", locale)}>{t("footer.terms")}</Link>
          </li>
          <li>
            <Link to={pathTo("cookies", locale)}>{t("footer.cookies")}</Link>
          </li>
          <li>
            <Link to={pathTo("contact", locale)}>{t("nav.contact")}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
