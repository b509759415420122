/** The navigation-state notice the home page shows after an account was deleted. */
export const ACCOUNT_DELETED = "accountDeleted";
