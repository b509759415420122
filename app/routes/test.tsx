import { useId, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/field.tsx";
import { useDialog } from "../lib/dialog.tsx";
import { FormErrorSummary } from "../lib/form/form-error-summary.tsx";
import { useForm } from "../lib/form/use-form.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/test";

/** Development diagnostics (404 when the development pages are off): status, form, dialogs. */
const screenGuards = guards("test");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("test", async ({ status }) => ({ status }));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function TestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const idPrefix = useId();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    schema: () => import("../lib/form/demo-form-schema.ts").then((m) => m.demoSchema),
    initial: { name: "", email: "" },
    onSubmit: async (values) => setSent(values.name),
  });
  const idFor = (field: string) => `${idPrefix}-${field}`;
  return (
    <div className="stack">
      <h1>{t("screens.test.heading")}</h1>
      <p>{t("screens.test.description")}</p>
      <pre className="diagnostics">{JSON.stringify(loaderData.status, null, 2)}</pre>
      <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormErrorSummary messages={form.messages} formError={form.formError} idFor={idFor} />
        <TextField
          id={idFor("name")}
          label="Name"
          value={form.values.name}
          error={form.errors.name}
          onChange={(event) => form.setValue("name", event.target.value)}
        />
        <TextField
          id={idFor("email")}
          label="E-mail"
          type="email"
          value={form.values.email}
          error={form.errors.email}
          onChange={(event) => form.setValue("email", event.target.value)}
        />
        <Button type="submit" busy={form.submitting}>
          {t("dialog.confirm")}
        </Button>
        {sent ? <p role="status">OK: {sent}</p> : null}
      </form>
      <div className="cluster">
        <Button
          variant="secondary"
          onClick={() => dialog.open("AlertDialog", { data: { title: "AlertDialog", message: t("loading.label") } })}
        >
          AlertDialog
        </Button>
        <Button variant="secondary" onClick={() => dialog.open("CrisisDialog")}>
          CrisisDialog
        </Button>
      </div>
    </div>
  );
}
