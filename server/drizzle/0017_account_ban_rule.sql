-- The one SQL definition of "this account's ban is in force at `at_time`": the role is banned (in any
-- case) and the ban has no end or ends after `at_time`. It is the SQL twin of `isAccountBanActive`
-- (server/src/platform/identity/bans.ts), which builds its SQL form by calling this function;
-- bans.parity.test.ts runs both on the same fixtures and they must agree. IMMUTABLE (the time is an
-- argument) and a single expression, so PostgreSQL inlines it into the queries that use it.
CREATE OR REPLACE FUNCTION airwave_account_banned(role text, ban_expires_at timestamptz, at_time timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(lower(role) = 'banned' AND (ban_expires_at IS NULL OR ban_expires_at > at_time), false)
$$;
--> statement-breakpoint
-- A post's `author_banned` copy now follows the same rule, expiry included (it used to look at the
-- role only: a member whose ban had run out kept their posts hidden, and a post they wrote before the
-- lift was hidden too). A stored copy cannot change by itself as time passes: when a ban's end goes
-- by, the copy stays true until the ban-lift job (every minute, features/auth/jobs.ts) or the
-- member's sign-in lifts the ban; that write of the users row brings the copy back here. Otherwise as
-- in 0012: the copies are taken for the post's people on insert or a changed author or page, with
-- FOR SHARE.
CREATE OR REPLACE FUNCTION posts_view_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.author_id IS DISTINCT FROM OLD.author_id
     OR NEW.profile_owner_id IS DISTINCT FROM OLD.profile_owner_id THEN
    NEW.owner_private := coalesce((SELECT o.is_private FROM users o WHERE o.id = NEW.profile_owner_id FOR SHARE), false);
    NEW.author_banned := coalesce((SELECT airwave_account_banned(a.role, a.ban_expires_at, now())
      FROM users a WHERE a.id = NEW.author_id FOR SHARE), false);
  END IF;
  NEW.view_json := coalesce(post_view_fields(NEW), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Any change of the role or of the ban's end recomputes the copies on the member's posts (touching
-- only those that change): a new ban, an unban, a lift, and also a new end given to a ban whose old
-- end had passed unlifted.
CREATE OR REPLACE FUNCTION users_refresh_post_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_private IS DISTINCT FROM NEW.is_private THEN
    UPDATE posts SET owner_private = NEW.is_private
      WHERE profile_owner_id = NEW.id AND owner_private IS DISTINCT FROM NEW.is_private;
  END IF;
  IF OLD.role IS DISTINCT FROM NEW.role OR OLD.ban_expires_at IS DISTINCT FROM NEW.ban_expires_at THEN
    UPDATE posts SET author_banned = airwave_account_banned(NEW.role, NEW.ban_expires_at, now())
      WHERE author_id = NEW.id
        AND author_banned IS DISTINCT FROM airwave_account_banned(NEW.role, NEW.ban_expires_at, now());
  END IF;
  IF OLD.username IS DISTINCT FROM NEW.username OR OLD.profileimage IS DISTINCT FROM NEW.profileimage THEN
    UPDATE posts SET view_json = '' WHERE author_id = NEW.id OR profile_owner_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_refresh_post_views ON users;
--> statement-breakpoint
CREATE TRIGGER users_refresh_post_views
  AFTER UPDATE OF username, profileimage, is_private, role, ban_expires_at ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username
    OR OLD.profileimage IS DISTINCT FROM NEW.profileimage
    OR OLD.is_private IS DISTINCT FROM NEW.is_private
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.ban_expires_at IS DISTINCT FROM NEW.ban_expires_at)
  EXECUTE FUNCTION users_refresh_post_views();
--> statement-breakpoint
-- The copies as the rule now reads them.
UPDATE posts p SET author_banned = airwave_account_banned(u.role, u.ban_expires_at, now())
  FROM users u
  WHERE u.id = p.author_id
    AND p.author_banned IS DISTINCT FROM airwave_account_banned(u.role, u.ban_expires_at, now());
