DROP INDEX "comment_likes_comment_created_idx";--> statement-breakpoint
DROP INDEX "comments_post_created_idx";--> statement-breakpoint
DROP INDEX "post_likes_post_created_idx";--> statement-breakpoint
CREATE INDEX "comment_likes_comment_created_idx" ON "comment_likes" USING btree ("comment_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "comments_post_created_idx" ON "comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_likes_post_created_idx" ON "post_likes" USING btree ("post_id","created_at","user_id");