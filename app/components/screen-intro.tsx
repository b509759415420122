import { useTranslation } from "../lib/i18n-react.tsx";
import type { ScreenId } from "../../common/routing/route-table.ts";

/** A screen's heading and what it is for, in the page's language. */
export function ScreenIntro({ id, className, children }: { id: ScreenId; className?: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `page stack ${className}` : "page stack"}>
      <h1>{t(`screens.${id}.heading`)}</h1>
      <p className="lead">{t(`screens.${id}.description`)}</p>
      {children}
    </div>
  );
}
