ALTER TABLE "posts" ADD COLUMN "owner_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_reports_reporter_idx" ON "post_reports" USING btree ("reporter_id");--> statement-breakpoint
-- Every write of a post keeps its view_json and its copies of the visibility facts about its people.
CREATE OR REPLACE FUNCTION posts_view_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.view_json := coalesce(post_view_fields(NEW), '');
  NEW.owner_private := coalesce((SELECT o.is_private FROM users o WHERE o.id = NEW.profile_owner_id), false);
  NEW.author_banned := coalesce((SELECT lower(a.role) = 'banned' FROM users a WHERE a.id = NEW.author_id), false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A member's new name, picture, privacy or ban shows on their posts and on the posts on their page.
DROP TRIGGER IF EXISTS users_refresh_post_views ON users;
--> statement-breakpoint
CREATE TRIGGER users_refresh_post_views AFTER UPDATE OF username, profileimage, is_private, role ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username
    OR OLD.profileimage IS DISTINCT FROM NEW.profileimage
    OR OLD.is_private IS DISTINCT FROM NEW.is_private
    OR (lower(OLD.role) = 'banned') IS DISTINCT FROM (lower(NEW.role) = 'banned'))
  EXECUTE FUNCTION users_refresh_post_views();
--> statement-breakpoint
UPDATE posts p SET view_json = '' FROM users u
  WHERE (u.id = p.profile_owner_id AND u.is_private) OR (u.id = p.author_id AND lower(u.role) = 'banned');
