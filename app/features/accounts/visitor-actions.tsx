import { useTranslation } from "../../lib/i18n-react.tsx";
import { Button, type ButtonSize } from "../../components/button.tsx";
import { useDialog } from "../../lib/dialog.tsx";

/** "Log in" and "Create account" for visitors: each opens its dialog. */
export function VisitorActions({
  size = "md",
  className,
}: {
  size?: ButtonSize;
  className?: string;
}) {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <div className={className ? `cluster cluster--sm ${className}` : "cluster cluster--sm"}>
      <Button variant="secondary" size={size} onClick={() => dialog.open("EmailPwdLoginDialog")}>
        {t("nav.login")}
      </Button>
      <Button variant="secondary" size={size} onClick={() => dialog.open("RegisterDialog")}>
        {t("nav.register")}
      </Button>
    </div>
  );
}
