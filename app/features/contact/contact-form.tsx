import { useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { CONTACT_SUBJECT_MAX } from "../../../common/schemas/contact-limits.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextArea, TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useFormIds } from "../accounts/use-form-ids.ts";

/** Subject, message and an optional reply address (a user's own address filled in). */
export function ContactForm({ locale, email }: { locale: Locale; email: string | null }) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm({
    schema: () => import("./contact-form-schema.ts").then((m) => m.contactForm),
    initial: { subject: "", message: "", reply_email: email ?? "" },
    onSubmit: async (values) => {
      await browserApi().post("/contact/", { ...values, locale }, { schema: () => import("../../../common/schemas/profile.ts").then((m) => m.contactResponse) });
      setSent(true);
      requestAnimationFrame(() => confirmation.current?.focus());
    },
  });
  const labels = { subject: t("contact.subject"), message: t("contact.message"), reply_email: t("contact.replyEmail") };
  return (
    <div className="stack">
      <div role="status">
        {sent ? (
          <div ref={confirmation} tabIndex={-1}>
            <Notice tone="success" title={t("contact.sentTitle")}>
              <p>{t("contact.sent")}</p>
            </Notice>
          </div>
        ) : null}
      </div>
      {sent ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              form.setValue("subject", "");
              form.setValue("message", "");
              setSent(false);
            }}
          >
            {t("contact.another")}
          </Button>
        </div>
      ) : (
        <FormShell form={form} idFor={idFor} labels={labels} submitLabel={t("contact.submit")} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
          <TextField
            {...textField(form, idFor, "subject")}
            label={labels.subject}
            required
            requiredText={t("form.required")}
            maxLength={CONTACT_SUBJECT_MAX}
          />
          <TextArea
            {...textField(form, idFor, "message")}
            label={labels.message}
            hint={t("contact.messageHint")}
            required
            requiredText={t("form.required")}
            rows={8}
          />
          <TextField
            {...textField(form, idFor, "reply_email")}
            type="email"
            label={labels.reply_email}
            hint={t("contact.replyEmailHint")}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormShell>
      )}
    </div>
  );
}
