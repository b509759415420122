import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import {
  DEFAULT_REMINDER_SETTINGS,
  reminderSettingsSchema,
  type ReminderSettings as Settings,
} from "../../../common/schemas/reminders.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { Checkbox, FieldFrame, SelectInput, TextField, useFieldIds } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, errorMessage } from "../../lib/api/error-message.ts";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useFormIds } from "../accounts/use-form-ids.ts";
import type { Locale } from "../../../common/i18n/locales.ts";

/**
 * E-mail reminder settings for the profile page (GET/PUT /api/v1/me/reminders/): opt in, the
 * time of day and the time zone. Self-contained: loads its own data and saves with the shared
 * form model. The e-mails themselves never name a course or anything about health.
 */

const COMMON_ZONES = ["Europe/Stockholm", "Europe/Oslo", "Europe/Copenhagen", "Europe/Helsinki", "Europe/London", "UTC"];

/** Where most readers of each language live: the suggestion when the browser names no real zone. */
const LOCALE_ZONES: Record<Locale, string> = {
  sv: "Europe/Stockholm",
  en: "Europe/Stockholm",
  no: "Europe/Oslo",
  da: "Europe/Copenhagen",
};

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The zone to suggest to someone who never saved: the browser's, unless it says UTC (browsers that
 * hide the zone, and servers, do), then the one of the page's language (sv: Europe/Stockholm).
 */
export function suggestedZone(locale: Locale, zone = browserZone()): string {
  return zone && !/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)$/i.test(zone) ? zone : LOCALE_ZONES[locale];
}

export function ReminderSettings({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    browserApi()
      .get<Settings>("/me/reminders/", { schema: reminderSettingsSchema })
      .then((settings) => {
        if (!live) return;
        // Someone who never saved gets their browser's time zone (or their language's) as the suggestion.
        const fresh = !settings.enabled && settings.timezone === DEFAULT_REMINDER_SETTINGS.timezone;
        setLoaded(fresh ? { ...settings, timezone: suggestedZone(locale) } : settings);
      })
      .catch((error: unknown) => {
        if (live) setLoadError(errorMessage(t, errorInfo(error)));
      });
    return () => {
      live = false;
    };
  }, [t, locale]);

  return (
    <Card aria-labelledby="reminder-settings-title" className="stack stack--md">
      <h2 id="reminder-settings-title">{t("reminders.title")}</h2>
      <p>{t("reminders.intro")}</p>
      {loadError ? (
        <Notice tone="danger" role="alert">
          <p>{loadError}</p>
        </Notice>
      ) : loaded ? (
        <ReminderForm initial={loaded} />
      ) : (
        <p role="status">{t("reminders.loading")}</p>
      )}
    </Card>
  );
}

function ReminderForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    schema: reminderSettingsSchema,
    initial,
    onSubmit: async (values) => {
      setSaved(false);
      await browserApi().put<Settings>("/me/reminders/", values, { schema: reminderSettingsSchema });
      setSaved(true);
    },
  });
  const zoneIds = useFieldIds(idFor("timezone"), t("reminders.timezoneHint"), form.errors.timezone, undefined);
  const zones = [...new Set([initial.timezone, browserZone(), ...COMMON_ZONES].filter((z): z is string => Boolean(z)))];

  return (
    <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <FormErrorSummary messages={form.messages} formError={form.formError} idFor={idFor} attempt={form.submitCount} />
      <Checkbox
        id={idFor("enabled")}
        label={t("reminders.enabled")}
        hint={t("reminders.enabledHint")}
        checked={form.values.enabled}
        error={form.errors.enabled}
        onChange={(event) => {
          setSaved(false);
          form.setValue("enabled", event.target.checked);
        }}
      />
      <TextField
        id={idFor("time_of_day")}
        type="time"
        label={t("reminders.time")}
        hint={t("reminders.timeHint")}
        value={form.values.time_of_day}
        error={form.errors.time_of_day}
        onChange={(event) => {
          setSaved(false);
          form.setValue("time_of_day", event.target.value);
        }}
      />
      <FieldFrame ids={zoneIds} label={t("reminders.timezone")} hint={t("reminders.timezoneHint")} error={form.errors.timezone} required={false}>
        <SelectInput
          id={zoneIds.controlId}
          className="input"
          value={form.values.timezone}
          aria-invalid={zoneIds.hasError || undefined}
          aria-describedby={zoneIds.describedBy}
          onChange={(event) => {
            setSaved(false);
            form.setValue("timezone", event.target.value);
          }}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </SelectInput>
      </FieldFrame>
      <div className="cluster">
        <Button type="submit" busy={form.submitting}>
          {t("reminders.save")}
        </Button>
      </div>
      <div role="status">{saved ? <Notice tone="success">{t("reminders.saved")}</Notice> : null}</div>
    </form>
  );
}
