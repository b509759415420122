import { registerAccountDialogs } from "../../features/accounts/register-account-dialogs.ts";
import { registerDialog } from "../../lib/dialog.tsx";
import { ActionDialog } from "./action-dialog.tsx";
import { AlertDialog } from "./alert-dialog.tsx";
import { CrisisDialog } from "./crisis-dialog.tsx";

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
