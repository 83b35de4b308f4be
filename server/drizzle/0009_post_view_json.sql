ALTER TABLE "posts" ADD COLUMN "view_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The viewer-independent fields of a post's view (PostView without likedByMe, reportedByMe, comments
-- and originalResolved), as the inside of a JSON object. The one definition of those fields.
CREATE OR REPLACE FUNCTION post_view_fields(p posts) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT substr(v.t, 2, length(v.t) - 2) FROM (SELECT json_build_object(
    '_id', p.id, 'postid', p.id, 'post', p.text, 'image', p.image,
    'date', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'username', a.username, 'profileimage', a.profileimage, 'userImage', a.profileimage,
    'postOwner', p.author_id, 'userid', p.author_id,
    'profileOwner', p.profile_owner_id, 'profileOwnerUsername', o.username,
    'type', p.type, 'shareCaption', p.share_caption, 'originalPost', p.original_post_id,
    'likeCount', p.like_count, 'commentCount', p.comment_count, 'music', p.music,
    'likes', p.first_likes)::text AS t
  FROM users a, users o WHERE a.id = p.author_id AND o.id = p.profile_owner_id) v
$$;
--> statement-breakpoint
-- Every write of a post keeps its view_json.
CREATE OR REPLACE FUNCTION posts_view_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.view_json := coalesce(post_view_fields(NEW), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_view_json BEFORE INSERT OR UPDATE ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_view_json();
--> statement-breakpoint
-- A member's new name or picture shows on their posts and on the posts on their page.
CREATE OR REPLACE FUNCTION users_refresh_post_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET view_json = '' WHERE author_id = NEW.id OR profile_owner_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_refresh_post_views AFTER UPDATE OF username, profileimage ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.profileimage IS DISTINCT FROM NEW.profileimage)
  EXECUTE FUNCTION users_refresh_post_views();
--> statement-breakpoint
UPDATE posts SET view_json = '';
