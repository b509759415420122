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
  safetyChecks,
  worksheetRows,
  featuredContent,
} from "./schema/content.ts";
export { onboardings, screenings, screeningScores, screeningStatsSnapshots } from "./schema/screening.ts";
export { contactMessages } from "./schema/profile.ts";
export { reminderSettings, jobs } from "./schema/ops.ts";
export { bankidOrders, bankidIdentities, bankidEvidence, bankidSimOrders } from "./schema/bankid.ts";
export { safetyReports } from "./schema/safety.ts";
