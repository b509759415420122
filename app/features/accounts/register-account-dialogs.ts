import "./accounts.css";
import { registerDialog } from "../../lib/dialog.tsx";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { CodeDialog } from "./code-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { EmailPwdLoginDialog } from "./email-pwd-login-dialog.tsx";
import { ForgotPwdDialog } from "./forgot-pwd-dialog.tsx";
import { ReApproveTermsDialog } from "./re-approve-terms-dialog.tsx";
import { RegisterDialog } from "./register-dialog.tsx";

/** The account dialogs of §2 (log in, register, password, code, delete, terms). */
export function registerAccountDialogs(): void {
  registerDialog("EmailPwdLoginDialog", { component: EmailPwdLoginDialog });
  registerDialog("RegisterDialog", { component: RegisterDialog });
  registerDialog("ForgotPwdDialog", { component: ForgotPwdDialog });
  registerDialog("ChangePasswordDialog", { component: ChangePasswordDialog });
  registerDialog("CodeDialog", { component: CodeDialog });
  registerDialog("DeleteUserDialog", { component: DeleteUserDialog });
  registerDialog("ReApproveTermsDialog", {
    component: ReApproveTermsDialog,
    disableDefaultClose: true,
  });
}
