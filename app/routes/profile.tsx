import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { recoveryCodesResponse } from "../../common/schemas/accounts.ts";
import { Button, buttonClassName } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { RecoveryCodes } from "../features/accounts/recovery-codes.tsx";
import { browserApi } from "../lib/api/browser-client.ts";
import { useDialog } from "../lib/dialog.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/profile";

const screenGuards = guards("profile");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("profile", async ({ status }) => ({
  email: status.user_data?.email ?? null,
  authType: status.auth_type,
}));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** The profile: the account, security (password, recovery codes) and deleting the account. */
export default function ProfileScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, email, authType } = loaderData;
  const dialog = useDialog();
  const [codes, setCodes] = useState<string[] | null>(null);

  const regenerate = () =>
    dialog.open("CodeDialog", {
      data: {
        title: t("accounts.profile.regenerateTitle"),
        message: t("accounts.profile.regenerateMessage"),
        submitLabel: t("accounts.profile.regenerateSubmit"),
        submit: async (code: string) => {
          const result = await browserApi().post(
            "/twofa/recovery-codes/",
            { code },
            { schema: recoveryCodesResponse },
          );
          setCodes(result.recovery_codes);
          // After the dialog has closed and handed focus back: start reading at the new codes.
          setTimeout(() => document.getElementById("profile-new-codes")?.focus(), 0);
        },
      },
    });

  return (
    <div className="page stack profile">
      <div className="stack stack--md">
        <h1>{t("screens.profile.heading")}</h1>
        <p className="lead">{t("screens.profile.description")}</p>
      </div>

      <Card aria-labelledby="profile-account" className="stack stack--md">
        <h2 id="profile-account">{t("accounts.profile.account")}</h2>
        {email ? (
          <dl className="account-email">
            <dt>{t("accounts.fields.email")}</dt>
            <dd>{email}</dd>
          </dl>
        ) : null}
        <div>
          <Link to={pathTo("logout", locale)} className={buttonClassName("secondary")}>
            {t("nav.logout")}
          </Link>
        </div>
      </Card>

      <Card aria-labelledby="profile-security" className="stack stack--md">
        <h2 id="profile-security">{t("accounts.profile.security")}</h2>
        {authType === "email" ? (
          <div className="stack stack--md">
            <h3>{t("accounts.profile.passwordTitle")}</h3>
            <p>{t("accounts.profile.passwordText")}</p>
            <div>
              <Button variant="secondary" onClick={() => dialog.open("ChangePasswordDialog")}>
                {t("accounts.profile.changePassword")}
              </Button>
            </div>
          </div>
        ) : null}
        <div className="stack stack--md profile__subsection">
          <h3>{t("accounts.profile.recoveryTitle")}</h3>
          {codes ? (
            <div id="profile-new-codes" tabIndex={-1}>
              <RecoveryCodes
                codes={codes}
                headingLevel={3}
                continueLabel={t("accounts.profile.codesDone")}
                onContinue={() => setCodes(null)}
              />
            </div>
          ) : (
            <>
              <p>{t("accounts.profile.recoveryText")}</p>
              <div>
                <Button variant="secondary" onClick={regenerate}>
                  {t("accounts.profile.regenerate")}
                </Button>
              </div>
            </>
          )}
        </div>
      </Card>

      <Card aria-labelledby="profile-delete" className="stack stack--md">
        <h2 id="profile-delete">{t("accounts.profile.deleteTitle")}</h2>
        <p>{t("accounts.profile.deleteText")}</p>
        <div>
          <Button variant="secondary" onClick={() => dialog.open("DeleteUserDialog")}>
            {t("accounts.profile.delete")}
          </Button>
        </div>
      </Card>

      <nav aria-labelledby="profile-about" className="stack stack--md">
        <h2 id="profile-about">{t("accounts.profile.about")}</h2>
        <ul className="cluster list-plain">
          <li>
            <Link to={pathTo("terms", locale)}>{t("footer.terms")}</Link>
          </li>
          <li>
            <Link to={pathTo("privacy", locale)}>{t("footer.privacy")}</Link>
          </li>
          <li>
            <Link to={pathTo("cookies", locale)}>{t("footer.cookies")}</Link>
          </li>
          <li>
            <Link to={pathTo("aboutUs", locale)}>{t("footer.about")}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
