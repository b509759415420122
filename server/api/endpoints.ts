import type { Endpoint } from "./endpoint.ts";
import { postBankIdLogin } from "./v1/bankid/post-login.ts";
import { postBankIdCancel } from "./v1/bankid/post-login-cancel.ts";
import { postBankIdStatus } from "./v1/bankid/post-login-status.ts";
import { postRegisterBankId } from "./v1/onboarding/post-register-bankid.ts";
import { postCodeRequest } from "./v1/auth/post-coderequest.ts";
import { postLoginEmail } from "./v1/auth/post-login-email.ts";
import { getLogout } from "./v1/auth/get-logout.ts";
import { postLogout } from "./v1/auth/post-logout.ts";
import { postLogoutRemove } from "./v1/auth/post-logout-remove.ts";
import { getActiveCourse } from "./v1/courses/get-active-course.ts";
import { getCourse } from "./v1/courses/get-course.ts";
import { getCourseCategories } from "./v1/courses/get-course-categories.ts";
import { getCourses } from "./v1/courses/get-courses.ts";
import { getModule } from "./v1/courses/get-module.ts";
import { getPublicCourse } from "./v1/courses/get-public-course.ts";
import { getPublicCourses } from "./v1/courses/get-public-courses.ts";
import { postClearUnfinished } from "./v1/courses/post-clear-unfinished.ts";
import { getEvaluation } from "./v1/courses/get-evaluation.ts";
import { postModuleProgress } from "./v1/courses/post-module-progress.ts";
import { postEvaluation } from "./v1/courses/post-evaluation.ts";
import { postSafetyCheck } from "./v1/courses/post-safety-check.ts";
import { getFeaturedContent } from "./v1/featured/get-featured-content.ts";
import { getPage } from "./v1/pages/get-page.ts";
import { deleteWorksheetRow } from "./v1/worksheets/delete-row.ts";
import { getWorksheetRows } from "./v1/worksheets/get-rows.ts";
import { postWorksheetRow } from "./v1/worksheets/post-row.ts";
import { patchWorksheetRow } from "./v1/worksheets/patch-row.ts";
import { getCsrfToken } from "./v1/csrf/get-csrf-token.ts";
import { deleteMe } from "./v1/me/delete-me.ts";
import { getMe } from "./v1/me/get-me.ts";
import { getReminders } from "./v1/me/get-reminders.ts";
import { putReminders } from "./v1/me/put-reminders.ts";
import { postAcceptTerms } from "./v1/me/post-accept-terms.ts";
import { getMyExport } from "./v1/me/get-export.ts";
import { getMyProfile } from "./v1/me/get-profile.ts";
import { patchMyProfile } from "./v1/me/patch-profile.ts";
import { postEmailChange } from "./v1/me/post-email-change.ts";
import { postEmailConfirm } from "./v1/me/post-email-confirm.ts";
import { postLogoutOthers } from "./v1/me/post-logout-others.ts";
import { postContact } from "./v1/contact/post-contact.ts";
import { getOpenApi } from "./v1/meta/get-openapi.ts";
import { postCompleteRegistration } from "./v1/onboarding/post-complete.ts";
import { postRegisterEmail } from "./v1/onboarding/post-register-email.ts";
import { postValidateToken } from "./v1/onboarding/post-validate-token.ts";
import { postPasswordChange } from "./v1/password/post-change.ts";
import { postPasswordReset } from "./v1/password/post-reset.ts";
import { postPasswordResetComplete } from "./v1/password/post-reset-complete.ts";
import { getTerms } from "./v1/terms/get-terms.ts";
import { getPrivacyNotice } from "./v1/privacy/get-privacy-notice.ts";
import { getTwofa } from "./v1/twofa/get-twofa.ts";
import { postRecoveryCodes } from "./v1/twofa/post-recovery-codes.ts";
import { postTwofa } from "./v1/twofa/post-twofa.ts";
import { postTwofaDisable } from "./v1/twofa/post-twofa-disable.ts";
import { postTwofaVerify } from "./v1/twofa/post-twofa-verify.ts";
import { getEvaluationHistory } from "./v1/me/get-evaluation-history.ts";
import { postOnboarding } from "./v1/onboarding/post-onboarding.ts";
import { postOnboardingValid } from "./v1/onboarding/post-onboarding-valid.ts";
import { getExtendedScreeningEndpoint } from "./v1/screening/get-extended-screening.ts";
import { getRecommendedCourses } from "./v1/screening/get-recommended-courses.ts";
import { getScreening } from "./v1/screening/get-screening.ts";
import { getScreeningStats } from "./v1/screening/get-screening-stats.ts";
import { postExtendedScreening } from "./v1/screening/post-extended-screening.ts";
import { postScreening } from "./v1/screening/post-screening.ts";

/** Every endpoint of /api/v1, in one list: registration, the OpenAPI document and tests read it. */
export const endpoints: readonly Endpoint[] = [
  getCsrfToken,
  getMe,
  deleteMe,
  postAcceptTerms,
  getOpenApi(() => endpoints),
  getLogout,
  postLogout,
  postLogoutRemove,
  postLoginEmail,
  postCodeRequest,
  postBankIdLogin,
  postBankIdStatus,
  postBankIdCancel,
  postRegisterBankId,
  postRegisterEmail,
  postValidateToken,
  postCompleteRegistration,
  postPasswordReset,
  postPasswordResetComplete,
  postPasswordChange,
  getTerms,
  getPrivacyNotice,
  getTwofa,
  postTwofa,
  postTwofaVerify,
  postTwofaDisable,
  postRecoveryCodes,
  getPublicCourses,
  getPublicCourse,
  getCourseCategories,
  getCourses,
  getCourse,
  getModule,
  postModuleProgress,
  postEvaluation,
  postSafetyCheck,
  getEvaluation,
  postClearUnfinished,
  getActiveCourse,
  getPage,
  getFeaturedContent,
  getWorksheetRows,
  postWorksheetRow,
  patchWorksheetRow,
  deleteWorksheetRow,
  postOnboarding,
  postOnboardingValid,
  getScreening,
  postScreening,
  getScreeningStats,
  getExtendedScreeningEndpoint,
  postExtendedScreening,
  getRecommendedCourses,
  getEvaluationHistory,
  getMyProfile,
  patchMyProfile,
  postEmailChange,
  postEmailConfirm,
  postLogoutOthers,
  getMyExport,
  postContact,
  getReminders,
  putReminders,
] as Endpoint[];
