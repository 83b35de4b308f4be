-- Failed sign-ins are counted in rate_limits now: one atomic consume before the password is checked.
DROP TABLE "login_failures" CASCADE;