import { useSyncExternalStore } from "react";
import { useTranslation } from "./i18n-react.tsx";
import { registerShellDialogs } from "../components/dialogs/register-dialogs.ts";
import { DialogProvider } from "./dialog.tsx";
import { loadingBar, LOADING_DURATION_MS, type LoadingState } from "./loading-bar.ts";
import { NavigationProvider } from "./navigation.tsx";
import { useOnline } from "./online-status.ts";

registerShellDialogs();

const IDLE: LoadingState = { phase: "idle", startedAt: 0 };

/** The loading bar: decorative for sighted users; its failure is said in words too. */
function LoadingBar() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(loadingBar.subscribe, loadingBar.getState, () => IDLE);
  return (
    <>
      <div
        className={`loading-bar loading-bar--${state.phase}`}
        style={{ ["--loading-duration" as string]: `${LOADING_DURATION_MS}ms` }}
        aria-hidden="true"
      />
      <p className="visually-hidden" role="status">
        {state.phase === "running" ? t("loading.label") : state.phase === "failed" ? t("loading.failed") : ""}
      </p>
    </>
  );
}

function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" className={online ? "visually-hidden" : "offline-banner"}>
      {online ? "" : t("offline.banner")}
    </div>
  );
}

/** Providers and page-wide parts shared by every screen and the error page. */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <NavigationProvider>
      <DialogProvider>
        <LoadingBar />
        <OfflineBanner />
        {children}
      </DialogProvider>
    </NavigationProvider>
  );
}
