import { lazy } from "react";
import { registerAccountDialogs } from "../../features/accounts/register-account-dialogs.ts";
import { registerDialog } from "../../lib/dialog.tsx";
import { CrisisDialog } from "./crisis-dialog.tsx";

/*
 * The alert and confirmation dialogs load when first opened (React.lazy); the crisis dialog is
 * always at hand (it must open at once, also when the network is gone).
 */
const ActionDialog = lazy(() => import("./action-dialog.tsx").then((m) => ({ default: m.ActionDialog })));
const AlertDialog = lazy(() => import("./alert-dialog.tsx").then((m) => ({ default: m.AlertDialog })));

/**
 * The dialogs every screen may open; feature dialogs register in their own features and are
 * listed here (accounts: app/features/accounts/register-account-dialogs.ts).
 */
export function registerShellDialogs(): void {
  registerDialog("AlertDialog", { component: AlertDialog });
  registerDialog("ActionDialog", { component: ActionDialog });
  registerDialog("CrisisDialog", { component: CrisisDialog });
  registerAccountDialogs();
}
