import { useTranslation } from "../../lib/i18n-react.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { Button } from "../button.tsx";

export interface AlertDialogData {
  title: string;
  message: string;
}

/** A message with one or two buttons; labels fall back to 'Ok' and 'Nej' (translated). */
export function AlertDialog({ titleId, data, confirm, cancel, close }: DialogContentProps) {
  const { t } = useTranslation();
  const { title, message } = data as AlertDialogData;
  return (
    <div className="stack">
      <h2 id={titleId}>{title}</h2>
      <p>{message}</p>
      <div className="cluster dialog__actions">
        <Button
          variant="primary"
          onClick={async () => {
            await confirm?.action?.();
            close();
          }}
        >
          {confirm?.label ?? t("dialog.ok")}
        </Button>
        {cancel ? (
          <Button
            variant="secondary"
            onClick={async () => {
              await cancel.action?.();
              close();
            }}
          >
            {cancel.label ?? t("dialog.no")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
