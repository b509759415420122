import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { SAFETY_CATEGORIES, type SafetyCategory } from "../../../common/schemas/safety.ts";
import "./contact.css";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { FieldFrame, RadioInput, SelectInput, TextArea, TextField, useFieldIds } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { submissionIds } from "../../lib/api/submission-id.ts";
import { drafts } from "../../lib/form/draft-store.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useFormIds } from "../accounts/use-form-ids.ts";
import { CONTACT_DRAFT, contactDraftOf, restoreContactDraft } from "./contact-draft.ts";

/**
 * What the message is about — a question, or "report a safety concern" with its category (sent
 * to the safety team first, issue 25) — then subject, message and an optional reply address (a
 * user's own address filled in). A logged-in person's unsent message is kept for the tab
 * (draft-store) and comes back after a reload or a visit elsewhere, until it is sent or emptied.
 */
export function ContactForm({ locale, email }: { locale: Locale; email: string | null }) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [sent, setSent] = useState<"message" | "safety" | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const messageIds = useRef(submissionIds());
  const form = useForm({
    schema: () => import("./contact-form-schema.ts").then((m) => m.contactForm),
    initial: { kind: "message" as "message" | "safety", category: "" as SafetyCategory | "", subject: "", message: "", reply_email: email ?? "" },
    onSubmit: async ({ kind, category, ...values }) => {
      const message = { ...values, locale, kind, ...(kind === "safety" && category ? { category } : {}) };
      // The same message sent again (a retry after a failure) keeps its id: e-mailed once.
      await browserApi().post(
        "/contact/",
        { ...message, id: messageIds.current.for(message) },
        { schema: () => import("../../../common/schemas/profile.ts").then((m) => m.contactResponse) },
      );
      messageIds.current.done();
      setSent(kind);
      requestAnimationFrame(() => confirmation.current?.focus());
    },
  });
  const owner = useRootData()?.status.user_data?.id ?? null;
  const { setValue } = form;
  // The message as it was left (read after hydration: the server has no tab), said in the status
  // region above the form, which is in the page before it.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const kept = owner ? restoreContactDraft(drafts.read(CONTACT_DRAFT, owner)) : null;
    if (!kept) return;
    setValue("kind", kept.kind);
    setValue("category", kept.category);
    setValue("subject", kept.subject);
    setValue("message", kept.message);
    setRestored(true);
  }, [owner, setValue]);
  const unsent = sent ? null : contactDraftOf(form.values);
  useEffect(() => {
    if (!owner) return;
    if (unsent) drafts.save(CONTACT_DRAFT, owner, unsent);
    else drafts.remove(CONTACT_DRAFT);
  }, [owner, unsent?.kind, unsent?.category, unsent?.subject, unsent?.message]);
  const safety = form.values.kind === "safety";
  const categoryIds = useFieldIds(idFor("category"), t("contact.category.hint"), form.errors.category, undefined);
  const labels = {
    category: t("contact.category.label"),
    subject: t("contact.subject"),
    message: t("contact.message"),
    reply_email: t("contact.replyEmail"),
  };
  return (
    <div className="stack">
      <div role="status">
        {sent ? (
          <div ref={confirmation} tabIndex={-1}>
            <Notice tone="success" title={t(sent === "safety" ? "contact.safetySentTitle" : "contact.sentTitle")}>
              <p>{t(sent === "safety" ? "contact.safetySent" : "contact.sent")}</p>
            </Notice>
          </div>
        ) : restored ? (
          <Notice tone="info">{t("contact.draftRestored")}</Notice>
        ) : null}
      </div>
      {sent ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              form.setValue("subject", "");
              form.setValue("message", "");
              form.setValue("kind", "message");
              form.setValue("category", "");
              setRestored(false);
              setSent(null);
            }}
          >
            {t("contact.another")}
          </Button>
        </div>
      ) : (
        <FormShell form={form} idFor={idFor} labels={labels} submitLabel={t("contact.submit")} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
          <fieldset className="contact-kind" id="contact-kind">
            <legend>{t("contact.kind.legend")}</legend>
            <label className="contact-kind__option">
              <RadioInput name="contact-kind" value="message" checked={!safety} onChange={() => form.setValue("kind", "message")} />
              <span>{t("contact.kind.message")}</span>
            </label>
            <label className="contact-kind__option">
              <RadioInput name="contact-kind" value="safety" checked={safety} onChange={() => form.setValue("kind", "safety")} />
              <span>
                {t("contact.kind.safety")}
                <span className="contact-kind__hint">{t("contact.kind.safetyHint")}</span>
              </span>
            </label>
          </fieldset>
          {safety ? (
            <FieldFrame ids={categoryIds} label={labels.category} hint={t("contact.category.hint")} error={form.errors.category} required requiredText={t("form.required")}>
              <SelectInput
                id={categoryIds.controlId}
                className="input"
                value={form.values.category}
                aria-required="true"
                aria-invalid={categoryIds.hasError || undefined}
                aria-describedby={categoryIds.describedBy}
                onChange={(event) => form.setValue("category", event.target.value as SafetyCategory | "")}
              >
                <option value="">{t("contact.category.choose")}</option>
                {SAFETY_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`contact.category.${category}`)}
                  </option>
                ))}
              </SelectInput>
            </FieldFrame>
          ) : null}
          <TextField
            {...textField(form, idFor, "subject")}
            label={labels.subject}
            required
            requiredText={t("form.required")}
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
