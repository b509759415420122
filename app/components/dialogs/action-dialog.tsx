import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { Button } from "../button.tsx";

export interface ActionDialogData {
  title: string;
  message: string;
  /** A destructive action shows its confirm button in the danger style. */
  destructive?: boolean;
}

/** Asks for confirmation before an action; the confirm button waits for the action to finish. */
export function ActionDialog({ titleId, data, confirm, cancel, close }: DialogContentProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { title, message, destructive } = data as ActionDialogData;
  return (
    <div className="stack">
      <h2 id={titleId}>{title}</h2>
      <p>{message}</p>
      <div className="cluster dialog__actions">
        <Button
          variant={destructive ? "danger" : "primary"}
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await confirm?.action?.();
              close();
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirm?.label ?? t("dialog.confirm")}
        </Button>
        <Button
          variant="secondary"
          onClick={async () => {
            await cancel?.action?.();
            close();
          }}
        >
          {cancel?.label ?? t("dialog.cancel")}
        </Button>
      </div>
    </div>
  );
}
