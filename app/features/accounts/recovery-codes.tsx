import { useId, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/field.tsx";

/**
 * Recovery codes, shown once: a list to write down, copy and download as a text file, and a
 * "I have saved them" box that must be ticked before continuing.
 */
export function RecoveryCodes({
  codes,
  headingId,
  headingLevel = 2,
  continueLabel,
  onContinue,
}: {
  codes: readonly string[];
  headingId?: string;
  headingLevel?: 1 | 2 | 3;
  continueLabel: string;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const titleId = headingId ?? `${ownId}-title`;
  const [saved, setSaved] = useState(false);
  const savedBox = useRef<HTMLInputElement>(null);
  const [showError, setShowError] = useState(false);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const text = `${t("accounts.recovery.fileHeading", { name: t("app.name") })}\n\n${codes.join("\n")}\n\n${t("accounts.recovery.fileNote")}\n`;
  const Heading = headingLevel === 1 ? "h1" : headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="stack recovery-codes" aria-labelledby={titleId}>
      <Heading id={titleId} tabIndex={-1}>
        {t("accounts.recovery.title")}
      </Heading>
      <p>{t("accounts.recovery.intro")}</p>
      {/* role="list": without list-style, Safari would drop the list from the accessibility tree. */}
      <ol className="recovery-codes__list" role="list" aria-label={t("accounts.recovery.listLabel")}>
        {codes.map((code, index) => (
          <li key={code}>
            <span className="recovery-codes__number" aria-hidden="true">
              {index + 1}.
            </span>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="cluster">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(codes.join("\n"));
              setCopyState("copied");
            } catch {
              setCopyState("failed");
            }
          }}
        >
          {t("accounts.recovery.copy")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
            const link = document.createElement("a");
            link.href = url;
            link.download = t("accounts.recovery.fileName");
            document.body.append(link);
            link.click();
            link.remove();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          }}
        >
          {t("accounts.recovery.download")}
        </Button>
      </div>
      <p role="status" className="muted">
        {copyState === "copied"
          ? t("accounts.recovery.copied")
          : copyState === "failed"
            ? t("accounts.recovery.copyFailed")
            : ""}
      </p>
      <Checkbox
        ref={savedBox}
        label={t("accounts.recovery.saved")}
        checked={saved}
        error={showError && !saved ? t("accounts.recovery.savedRequired") : undefined}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <div>
        <Button
          onClick={() => {
            if (!saved) {
              setShowError(true);
              savedBox.current?.focus();
              return;
            }
            onContinue();
          }}
        >
          {continueLabel}
        </Button>
      </div>
    </section>
  );
}
