CREATE INDEX "chat_messages_image_idx" ON "chat_messages" USING btree ("message") WHERE "chat_messages"."type" = 'image';--> statement-breakpoint
CREATE INDEX "posts_image_idx" ON "posts" USING btree ("image") WHERE "posts"."image" is not null;--> statement-breakpoint
CREATE INDEX "uploads_kind_created_idx" ON "uploads" USING btree ("kind","created_at");