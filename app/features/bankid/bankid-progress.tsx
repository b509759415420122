import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { bankidHintKey } from "../../../common/auth/bankid-hints.ts";
import type { BankIdDevice } from "../../../common/schemas/bankid.ts";
import { Notice } from "../../components/alert.tsx";
import { Button, buttonClassName } from "../../components/button.tsx";
import { errorMessage } from "../../lib/api/error-message.ts";
import type { BankIdState } from "./use-bankid-order.ts";
import "./bankid.css";

/** Phones open BankID by universal link; computers by the bankid:/// scheme. */
function isPhone(): boolean {
  const agent = navigator.userAgent;
  return /Android|iPhone|iPad|iPod/i.test(agent) || (navigator.maxTouchPoints > 1 && /Macintosh/.test(agent));
}

export function bankidLaunchUrl(autoStartToken: string): string {
  const token = encodeURIComponent(autoStartToken);
  return isPhone()
    ? `https://app.bankid.com/?autostarttoken=${token}&redirect=null`
    : `bankid:///?autostarttoken=${token}&redirect=null`;
}

/** The two ways to use BankID (RFA19). */
export function BankIdChoice({
  onChoose,
  busy,
}: {
  onChoose: (device: BankIdDevice) => void;
  busy: BankIdDevice | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="bankid-choice">
      <Button busy={busy === "same"} disabled={busy !== null} onClick={() => onChoose("same")}>
        {t("bankid.thisDevice")}
      </Button>
      <Button variant="secondary" busy={busy === "other"} disabled={busy !== null} onClick={() => onChoose("other")}>
        {t("bankid.otherDevice")}
      </Button>
    </div>
  );
}

function QrCode({ data }: { data: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(data, { type: "svg", errorCorrectionLevel: "L", margin: 4 }).then((value) => {
      if (current) setSvg(value);
    });
    return () => {
      current = false;
    };
  }, [data]);
  return (
    <figure className="bankid-qr">
      <div
        className="bankid-qr__image"
        role="img"
        aria-label={t("bankid.qrLabel")}
        data-qr={data}
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <figcaption>{t("bankid.qrHelp")}</figcaption>
    </figure>
  );
}

function statusText(t: ReturnType<typeof useTranslation>["t"], state: BankIdState): string {
  switch (state.phase) {
    case "starting":
      return t("bankid.starting");
    case "pending":
      return t(bankidHintKey("pending", state.hintCode, state.device));
    case "complete":
      return t("bankid.done");
    default:
      return "";
  }
}

/**
 * A running BankID order: the QR code (another device) or the start button (this device), the
 * hint in BankID's recommended words as a polite live region, Cancel, and Try again after a failure.
 */
export function BankIdProgress({
  state,
  onCancel,
  onRetry,
}: {
  state: BankIdState;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const failure =
    state.phase === "failed"
      ? t(bankidHintKey("failed", state.hintCode, state.device))
      : state.phase === "error"
        ? errorMessage(t, state.error)
        : null;
  return (
    <div className="stack stack--sm">
      <p role="status" className={state.phase === "idle" ? "visually-hidden" : undefined}>
        {statusText(t, state)}
      </p>
      {state.phase === "pending" && state.device === "other" ? <QrCode data={state.qrData} /> : null}
      {state.phase === "pending" && state.device === "same" ? (
        <div>
          <a className={buttonClassName("primary")} href={bankidLaunchUrl(state.autoStartToken)}>
            {t("bankid.startApp")}
          </a>
        </div>
      ) : null}
      {state.phase === "pending" || state.phase === "starting" ? (
        <div>
          <Button variant="quiet" onClick={onCancel}>
            {t("bankid.cancel")}
          </Button>
        </div>
      ) : null}
      {failure ? (
        <>
          <Notice tone="danger" role="alert">
            <p>{failure}</p>
          </Notice>
          <div>
            <Button onClick={onRetry}>{t("bankid.tryAgain")}</Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
