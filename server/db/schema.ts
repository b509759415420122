// The one place drizzle-kit and the database client read the whole schema from.
export { users } from "./schema/users.ts";
export { sessions } from "./schema/sessions.ts";
export { recoveryCodes, emailCodes, consents, auditLog, throttleCounters } from "./schema/accounts.ts";
export {
  courses,
  courseSlugs,
  courseParts,
  contentModules,
  worksheetDefs,
  contentPages,
  courseProgress,
  moduleProgress,
  evaluationAnswers,
  worksheetRows,
} from "./schema/content.ts";
