import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { emailSchema, passwordInputSchema } from "../../../common/schemas/accounts.ts";
import { displayNameSchema, emailChangeConfirmResponse, type ProfileDto } from "../../../common/schemas/profile.ts";
import { Notice } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useFormIds } from "../accounts/use-form-ids.ts";

/** Name and e-mail address; a new address is confirmed through a link sent to it. */
export function AccountSection({ profile, emailCode }: { profile: ProfileDto; emailCode: string | null }) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="profile-account" className="stack stack--md">
      <h2 id="profile-account">{t("accounts.profile.account")}</h2>
      {emailCode ? <ConfirmEmail code={emailCode} /> : null}
      <NameForm name={profile.name} />
      <EmailForm email={profile.email} withPassword={profile.auth_type === "email"} />
    </Card>
  );
}

function NameForm({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    schema: z.strictObject({ name: displayNameSchema }),
    initial: { name: name ?? "" },
    onSubmit: async (values) => {
      setSaved(false);
      await browserApi().patch("/me/profile/", values);
      setSaved(true);
    },
  });
  return (
    <FormShell
      form={form}
      idFor={idFor}
      className="stack stack--md"
      labels={{ name: t("profile.name.label") }}
      submitLabel={t("profile.name.save")}
      submitVariant="secondary"
      actions={
        <p role="status" className="muted">
          {saved ? t("profile.saved") : ""}
        </p>
      }
    >
      <TextField
        {...textField(form, idFor, "name")}
        label={t("profile.name.label")}
        hint={t("profile.name.hint")}
        autoComplete="given-name"
        onInput={() => setSaved(false)}
      />
    </FormShell>
  );
}

function EmailForm({ email, withPassword }: { email: string | null; withPassword: boolean }) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    schema: z.strictObject({ email: emailSchema, password: withPassword ? passwordInputSchema : z.string() }),
    initial: { email: "", password: "" },
    onSubmit: async (values) => {
      await browserApi().post("/me/email/", withPassword ? values : { email: values.email });
      setSentTo(values.email);
    },
  });
  return (
    <div className="stack stack--md profile__subsection">
      <h3>{t("profile.email.title")}</h3>
      {email ? (
        <dl className="account-email">
          <dt>{t("profile.email.current")}</dt>
          <dd>{email}</dd>
        </dl>
      ) : null}
      <div role="status">
        {sentTo ? (
          <Notice tone="success" title={t("profile.email.sentTitle")}>
            <p>{t("profile.email.sent", { email: sentTo })}</p>
          </Notice>
        ) : null}
      </div>
      <p>{t("profile.email.text")}</p>
      <FormShell
        form={form}
        idFor={idFor}
        className="stack stack--md"
        labels={{ email: t("profile.email.new"), password: t("accounts.delete.password") }}
        submitLabel={t("profile.email.submit")}
        submitVariant="secondary"
      >
        <TextField
          {...textField(form, idFor, "email")}
          type="email"
          label={t("profile.email.new")}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        {withPassword ? (
          <PasswordField
            {...textField(form, idFor, "password")}
            label={t("accounts.delete.password")}
            hint={t("profile.email.passwordHint")}
            autoComplete="current-password"
          />
        ) : null}
      </FormShell>
    </div>
  );
}

/** The link from the new address opens the profile with `email_code`: one click confirms. */
function ConfirmEmail({ code }: { code: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const idFor = useFormIds();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    schema: z.strictObject({}),
    initial: {},
    onSubmit: async () => {
      const result = await browserApi().post("/me/email/confirm/", { code }, { schema: emailChangeConfirmResponse });
      setDone(result.email);
      window.history.replaceState(null, "", window.location.pathname);
      await revalidator.revalidate();
    },
  });
  return (
    <div className="stack stack--md" role="region" aria-labelledby="profile-confirm-email">
      <h3 id="profile-confirm-email">{t("profile.email.confirmTitle")}</h3>
      <div role="status">
        {done ? (
          <Notice tone="success" title={t("profile.email.confirmedTitle")}>
            <p>{t("profile.email.confirmed", { email: done })}</p>
          </Notice>
        ) : null}
      </div>
      {done ? null : (
        <FormShell form={form} idFor={idFor} className="stack stack--md" submitLabel={t("profile.email.confirmSubmit")}>
          <p>{t("profile.email.confirmText")}</p>
        </FormShell>
      )}
    </div>
  );
}
