import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { passwordInputSchema, recoveryCodesResponse } from "../../../common/schemas/accounts.ts";
import { logoutOthersResponse, type ProfileDto } from "../../../common/schemas/profile.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { totpCodeField } from "../accounts/form-schemas.ts";
import { RecoveryCodes } from "../accounts/recovery-codes.tsx";
import { useFormIds } from "../accounts/use-form-ids.ts";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";

/** Password, two-factor status, replacing the authenticator, recovery codes and sessions. */
export function SecuritySection({ profile, locale }: { profile: ProfileDto; locale: Locale }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [codes, setCodes] = useState<string[] | null>(null);
  const usesTotp = profile.auth_type === "email";

  const regenerate = () =>
    dialog.open("CodeDialog", {
      data: {
        title: t("accounts.profile.regenerateTitle"),
        message: t("accounts.profile.regenerateMessage"),
        submitLabel: t("accounts.profile.regenerateSubmit"),
        submit: async (code: string) => {
          const result = await browserApi().post("/twofa/recovery-codes/", { code }, { schema: recoveryCodesResponse });
          setCodes(result.recovery_codes);
          // After the dialog has closed and handed focus back: start reading at the new codes.
          setTimeout(() => document.getElementById("profile-new-codes")?.focus(), 0);
        },
      },
    });

  return (
    <Card aria-labelledby="profile-security" className="stack stack--md">
      <h2 id="profile-security">{t("accounts.profile.security")}</h2>
      {usesTotp ? (
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
        <h3>{t("profile.twofa.title")}</h3>
        <p>{usesTotp ? (profile.twofa_enabled ? t("profile.twofa.on") : t("profile.twofa.off")) : t("profile.twofa.bankid")}</p>
        {usesTotp && profile.twofa_enabled ? <ReplaceAuthenticator locale={locale} /> : null}
      </div>
      {usesTotp ? (
        <div className="stack stack--md profile__subsection">
          <h3>{t("accounts.profile.recoveryTitle")}</h3>
          {codes ? (
            <div id="profile-new-codes" tabIndex={-1}>
              <RecoveryCodes codes={codes} headingLevel={3} continueLabel={t("accounts.profile.codesDone")} onContinue={() => setCodes(null)} />
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
      ) : null}
      <SessionList sessions={profile.sessions} />
    </Card>
  );
}

/** Turns 2FA off with the password and a current code, then sets up the new app at once. */
function ReplaceAuthenticator({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const [open, setOpen] = useState(false);
  const form = useForm({
    schema: z.strictObject({ password: passwordInputSchema, code: totpCodeField }),
    initial: { password: "", code: "" },
    onSubmit: async (values) => {
      await browserApi().post("/twofa/disable/", values);
      await navigate(pathTo("enable2fa", locale), { replace: true });
    },
  });
  if (!open) {
    return (
      <div className="stack stack--md">
        <p>{t("profile.twofa.replaceText")}</p>
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
            {t("profile.twofa.replace")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="stack stack--md">
      <h4 id="profile-replace-title">{t("profile.twofa.replace")}</h4>
      <p>{t("profile.twofa.replaceConfirm")}</p>
      <FormShell
        form={form}
        idFor={idFor}
        className="stack stack--md"
        aria-labelledby="profile-replace-title"
        labels={{ password: t("accounts.delete.password"), code: t("accounts.code.label") }}
        submitLabel={t("profile.twofa.replaceSubmit")}
        actions={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("dialog.cancel")}
          </Button>
        }
      >
        <PasswordField {...textField(form, idFor, "password")} label={t("accounts.delete.password")} autoComplete="current-password" autoFocus />
        <TextField
          {...textField(form, idFor, "code")}
          label={t("accounts.code.label")}
          hint={t("accounts.code.hint")}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="input--code"
        />
      </FormShell>
    </div>
  );
}

function SessionList({ sessions }: { sessions: ProfileDto["sessions"] }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const idFor = useFormIds();
  const [ended, setEnded] = useState<number | null>(null);
  const others = sessions.filter((s) => !s.current).length;
  const form = useForm({
    schema: z.strictObject({}),
    initial: {},
    onSubmit: async () => {
      const result = await browserApi().post("/me/sessions/logout-others/", {}, { schema: logoutOthersResponse });
      setEnded(result.ended);
      await revalidator.revalidate();
    },
  });
  const when = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <div className="stack stack--md profile__subsection">
      <h3 id="profile-sessions">{t("profile.sessions.title")}</h3>
      <p>{t("profile.sessions.text")}</p>
      <ul className="session-list list-plain stack" aria-labelledby="profile-sessions">
        {sessions.map((s, index) => (
          <li key={`${s.created_at}-${index}`} className="session-list__item">
            <p className="session-list__device">
              {[s.browser ?? t("profile.sessions.unknownBrowser"), s.device ?? t("profile.sessions.unknownDevice")].join(" · ")}
              {s.current ? <strong className="session-list__current"> {t("profile.sessions.current")}</strong> : null}
            </p>
            <p className="muted">{t("profile.sessions.lastUsed", { time: when(s.last_seen_at) })}</p>
          </li>
        ))}
      </ul>
      <div role="status">
        {ended !== null ? (
          <Notice tone="success">
            <p>{t("profile.sessions.ended", { count: ended })}</p>
          </Notice>
        ) : null}
      </div>
      {others > 0 ? (
        <FormShell form={form} idFor={idFor} className="stack stack--md" submitLabel={t("profile.sessions.logoutOthers")} submitVariant="secondary" />
      ) : (
        <p className="muted">{t("profile.sessions.onlyThis")}</p>
      )}
    </div>
  );
}
