import "./accounts.css";
import { lazy } from "react";
import { registerDialog } from "../../lib/dialog.tsx";

/*
 * The dialogs load when first opened (React.lazy): their forms and zod stay out of the first load
 * of every page. The dialog host shows them inside a Suspense boundary.
 */
const ChangePasswordDialog = lazy(() => import("./change-password-dialog.tsx").then((m) => ({ default: m.ChangePasswordDialog })));
const CodeDialog = lazy(() => import("./code-dialog.tsx").then((m) => ({ default: m.CodeDialog })));
const DeleteUserDialog = lazy(() => import("./delete-user-dialog.tsx").then((m) => ({ default: m.DeleteUserDialog })));
const EmailPwdLoginDialog = lazy(() => import("./email-pwd-login-dialog.tsx").then((m) => ({ default: m.EmailPwdLoginDialog })));
const ForgotPwdDialog = lazy(() => import("./forgot-pwd-dialog.tsx").then((m) => ({ default: m.ForgotPwdDialog })));
const ReApproveTermsDialog = lazy(() => import("./re-approve-terms-dialog.tsx").then((m) => ({ default: m.ReApproveTermsDialog })));
const RegisterDialog = lazy(() => import("./register-dialog.tsx").then((m) => ({ default: m.RegisterDialog })));

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
