/**
 * Statements (database round trips) behind one call over HTTP for a verified session, the session's
 * own lookup included, whatever the person's history holds; a `sessionJoined` endpoint reads the
 * session in its own statement. server/api/dashboard-queries.test.ts holds each call to its number;
 * `npm run bench` measures each call against a bare route making the same number of statements (the
 * floor of any endpoint that needs them, on the machine of the run).
 */
export const API_STATEMENTS = {
  /** The session (with its user). */
  "/api/v1/me/": 1,
  /** The session with the course and the person's progress, in one statement (sessionJoined). */
  "/api/v1/courses/stress/": 1,
  /** The session with the course in progress and the person's progress, in one statement (sessionJoined). */
  "/api/v1/active-course/": 1,
  /** The session with screening scores and course evaluations, in one statement (sessionJoined). */
  "/api/v1/me/evaluation-history/": 1,
  /** The session, then the user with consents and live sessions. */
  "/api/v1/me/profile/": 2,
  /**
   * The session, then the basis in one statement: the newest screening and the one before with
   * their scores, the crisis flags of screenings and evaluations (the live courses come from the
   * content cache).
   */
  "/api/v1/recommended-courses/": 2,
  /** The session (the featured items come from the content cache). */
  "/api/v1/featured-content/": 1,
  /** The session (the page comes from the content cache): a logged-in person's about us. */
  "/api/v1/pages/omoss/": 1,
} as const;

export type MeasuredApiPath = keyof typeof API_STATEMENTS;
