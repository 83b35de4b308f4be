CREATE INDEX "password_resets_user_expires_idx" ON "password_resets" USING btree ("user_id","expires_at");--> statement-breakpoint
-- A post takes its owner's privacy and its author's ban when written for those people (insert, or a
-- changed author or page), reading their rows with FOR SHARE: a privacy change or ban being committed
-- at that moment is waited for, so a post written meanwhile cannot keep the old value. Any other
-- write of the post keeps the copies as they are: the users trigger below is what changes them, and
-- a post update that waited for that trigger's row lock starts from the row it wrote.
CREATE OR REPLACE FUNCTION posts_view_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.author_id IS DISTINCT FROM OLD.author_id
     OR NEW.profile_owner_id IS DISTINCT FROM OLD.profile_owner_id THEN
    NEW.owner_private := coalesce((SELECT o.is_private FROM users o WHERE o.id = NEW.profile_owner_id FOR SHARE), false);
    NEW.author_banned := coalesce((SELECT lower(a.role) = 'banned' FROM users a WHERE a.id = NEW.author_id FOR SHARE), false);
  END IF;
  NEW.view_json := coalesce(post_view_fields(NEW), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A member's change reaches only the posts it changes: privacy the posts on their page, a ban or
-- unban the posts they wrote, a new name or picture both.
CREATE OR REPLACE FUNCTION users_refresh_post_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_private IS DISTINCT FROM NEW.is_private THEN
    UPDATE posts SET owner_private = NEW.is_private
      WHERE profile_owner_id = NEW.id AND owner_private IS DISTINCT FROM NEW.is_private;
  END IF;
  IF (lower(OLD.role) = 'banned') IS DISTINCT FROM (lower(NEW.role) = 'banned') THEN
    UPDATE posts SET author_banned = (lower(NEW.role) = 'banned')
      WHERE author_id = NEW.id AND author_banned IS DISTINCT FROM (lower(NEW.role) = 'banned');
  END IF;
  IF OLD.username IS DISTINCT FROM NEW.username OR OLD.profileimage IS DISTINCT FROM NEW.profileimage THEN
    UPDATE posts SET view_json = '' WHERE author_id = NEW.id OR profile_owner_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
