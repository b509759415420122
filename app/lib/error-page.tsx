import { useTranslation } from "./i18n-react.tsx";
import { isRouteErrorResponse, useLocation } from "react-router";
import { localeOfPath } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { Button, buttonClassName } from "../components/button.tsx";
import { NoLoginLayout } from "../layouts/no-login-layout.tsx";
import { isChunkLoadError, reloadAfterChunkError } from "./chunk-reload.ts";
import { ErrorFallback } from "./error-fallback.tsx";

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadAfterChunkError();
  return (
    <NoLoginLayout>
      <title>{`${notFound ? t("errors.pageNotFound") : t("errors.default")} – ${t("app.name")}`}</title>
      <div className="page stack error-page">
        <h1>{notFound ? t("errors.pageNotFound") : t("errors.default")}</h1>
        <p>{notFound ? t("errors.pageNotFoundText") : t("errors.defaultText")}</p>
        <div className="cluster">
          <Button variant="primary" onClick={() => window.history.back()}>
            {t("errors.back")}
          </Button>
          <a className={buttonClassName("secondary")} href={pathTo("home", localeOfPath(pathname))}>
            {t("errors.home")}
          </a>
        </div>
      </div>
    </NoLoginLayout>
  );
}

/** The error page (§2, §8): 404 or a general error, with Back and a way home. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorFallback>
      <ErrorContent error={error} />
    </ErrorFallback>
  );
}
