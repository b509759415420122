import type { Endpoint } from "./endpoint.ts";
import { postCodeRequest } from "./v1/auth/post-coderequest.ts";
import { postLoginEmail } from "./v1/auth/post-login-email.ts";
import { postLogout } from "./v1/auth/post-logout.ts";
import { postLogoutRemove } from "./v1/auth/post-logout-remove.ts";
import { getActiveCourse } from "./v1/courses/get-active-course.ts";
import { getCourse } from "./v1/courses/get-course.ts";
import { getCourseCategories } from "./v1/courses/get-course-categories.ts";
import { getCourses } from "./v1/courses/get-courses.ts";
import { getModule } from "./v1/courses/get-module.ts";
import { getPublicCourses } from "./v1/courses/get-public-courses.ts";
import { postClearUnfinished } from "./v1/courses/post-clear-unfinished.ts";
import { postCompleteModule } from "./v1/courses/post-complete-module.ts";
import { postEvaluation } from "./v1/courses/post-evaluation.ts";
import { getPage } from "./v1/pages/get-page.ts";
import { deleteWorksheetRow } from "./v1/worksheets/delete-row.ts";
import { getWorksheet } from "./v1/worksheets/get-worksheet.ts";
import { postWorksheetRow } from "./v1/worksheets/post-row.ts";
import { putWorksheetRow } from "./v1/worksheets/put-row.ts";
import { getCsrfToken } from "./v1/csrf/get-csrf-token.ts";
import { deleteMe } from "./v1/me/delete-me.ts";
import { getMe } from "./v1/me/get-me.ts";
import { postAcceptTerms } from "./v1/me/post-accept-terms.ts";
import { getOpenApi } from "./v1/meta/get-openapi.ts";
import { postCompleteRegistration } from "./v1/onboarding/post-complete.ts";
import { postRegisterEmail } from "./v1/onboarding/post-register-email.ts";
import { postValidateToken } from "./v1/onboarding/post-validate-token.ts";
import { postPasswordChange } from "./v1/password/post-change.ts";
import { postPasswordReset } from "./v1/password/post-reset.ts";
import { postPasswordResetComplete } from "./v1/password/post-reset-complete.ts";
import { getTerms } from "./v1/terms/get-terms.ts";
import { getTwofa } from "./v1/twofa/get-twofa.ts";
import { postRecoveryCodes } from "./v1/twofa/post-recovery-codes.ts";
import { postTwofa } from "./v1/twofa/post-twofa.ts";
import { postTwofaDisable } from "./v1/twofa/post-twofa-disable.ts";
import { postTwofaVerify } from "./v1/twofa/post-twofa-verify.ts";

/** Every endpoint of /api/v1, in one list: registration, the OpenAPI document and tests read it. */
export const endpoints: readonly Endpoint[] = [
  getCsrfToken,
  getMe,
  deleteMe,
  postAcceptTerms,
  getOpenApi,
  postLogout,
  postLogoutRemove,
  postLoginEmail,
  postCodeRequest,
  postRegisterEmail,
  postValidateToken,
  postCompleteRegistration,
  postPasswordReset,
  postPasswordResetComplete,
  postPasswordChange,
  getTerms,
  getTwofa,
  postTwofa,
  postTwofaVerify,
  postTwofaDisable,
  postRecoveryCodes,
  getPublicCourses,
  getCourseCategories,
  getCourses,
  getCourse,
  getModule,
  postCompleteModule,
  postEvaluation,
  postClearUnfinished,
  getActiveCourse,
  getPage,
  getWorksheet,
  postWorksheetRow,
  putWorksheetRow,
  deleteWorksheetRow,
] as Endpoint[];
