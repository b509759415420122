import { useEffect, useId } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { pathTo } from "../../../common/routing/route-table.ts";
import { bankidStartResponse } from "../../../common/schemas/bankid.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { BankIdChoice, BankIdProgress } from "./bankid-progress.tsx";
import { useBankIdOrder } from "./use-bankid-order.ts";

/** "Log in with BankID" in the login dialog: on completion the dashboard opens. */
export function BankIdLogin({ close, resume = false }: { close: () => void; resume?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const headingId = useId();
  const bankid = useBankIdOrder(async () => {
    await navigate(pathTo("dashboard", locale));
    close();
  });
  const { state } = bankid;
  const resumeOrder = bankid.resume;
  useEffect(() => {
    if (resume) resumeOrder();
  }, [resume, resumeOrder]);
  return (
    <section className="stack stack--sm" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("bankid.loginTitle")}</h3>
      {state.phase === "idle" || state.phase === "starting" ? (
        <BankIdChoice
          busy={state.phase === "starting" ? state.device : null}
          onChoose={(device) =>
            void bankid.start(device, () => browserApi().post("/login", { device }, { schema: bankidStartResponse }))
          }
        />
      ) : null}
      <BankIdProgress state={state} onCancel={bankid.cancel} onRetry={bankid.reset} />
    </section>
  );
}
