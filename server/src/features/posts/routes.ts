import {
  commentSchema,
  createPostSchema,
  deleteCommentSchema,
  deletePostSchema,
  feedQuerySchema,
  likeCommentSchema,
  likeSchema,
  likesPageQuerySchema,
  POST_LIMITS,
  POST_MESSAGES,
  reportPostSchema,
  sharePostSchema,
  updateCommentSchema,
  updatePostSchema,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { badRequest } from "../../platform/errors.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
import { readSingleFile } from "../uploads/multipart.ts";
import { maxImageBytes, saveImageUpload } from "../uploads/service.ts";
import * as commentsService from "./comments.ts";
import * as postsService from "./service.ts";

const userPostsQuery = feedQuerySchema.extend({ id: z.string().trim().min(1).max(100) });
const postParams = z.object({ id: z.string().trim().min(1).max(100) });

export function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Feed pages arrive from PostgreSQL as JSON text (page-json.ts): sent on as they are.
  app.get("/api/auth/getFeed", async (request, reply) => {
    const { before, limit } = feedQuerySchema.parse(request.query);
    const json = await postsService.getFeed(ctx, requireActor(request), before, limit);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  app.get("/api/auth/userPosts", async (request, reply) => {
    const { id, before, limit } = userPostsQuery.parse(request.query);
    const json = await postsService.getUserPosts(ctx, requireActor(request), id, before, limit);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  app.get("/api/auth/post/:id", async (request) => {
    const { id } = postParams.parse(request.params);
    return postsService.getPost(ctx, requireActor(request), id);
  });

  app.post(
    "/api/auth/userPost",
    { preHandler: rateLimit(ctx, "posts") },
    async (request, reply) => {
      const input = createPostSchema.parse(request.body);
      const post = await postsService.createPost(ctx, requireActor(request), {
        text: input.post,
        image: input.image,
        profileOwnerId: input.userid,
      });
      return reply.status(201).send(post);
    },
  );

  app.post(
    "/api/auth/userPostWithImage",
    { preHandler: [rateLimit(ctx, "uploads"), rateLimit(ctx, "posts")] },
    async (request, reply) => {
      const actor = requireActor(request);
      const { data, fields } = await readSingleFile(request, "imageFile", {
        maxBytes: maxImageBytes("post"),
      });
      const text = (fields.post ?? "").trim();
      if (text.length > POST_LIMITS.textMax) throw badRequest(POST_MESSAGES.tooLong);
      const { url } = await saveImageUpload(ctx, actor.id, "post", data);
      const post = await postsService.createPost(ctx, actor, {
        text,
        image: url,
        profileOwnerId: fields.userid || undefined,
      });
      return reply.status(201).send(post);
    },
  );

  app.post("/api/auth/updatePost", async (request) => {
    const { postid, post } = updatePostSchema.parse(request.body);
    return postsService.updatePost(ctx, requireActor(request), postid, post);
  });

  app.post("/api/auth/deletePost", async (request) => {
    const { postid } = deletePostSchema.parse(request.body);
    await postsService.deletePost(ctx, requireActor(request), postid);
    return { ok: true };
  });

  app.post("/api/auth/likePost", async (request) => {
    const { postId, action } = likeSchema.parse(request.body);
    return postsService.likePost(ctx, requireActor(request), postId, action);
  });

  app.get("/api/auth/postLikes", async (request) => {
    const { postId, page, limit } = likesPageQuerySchema.parse(request.query);
    return postsService.listPostLikes(ctx, requireActor(request), postId, page, limit);
  });

  app.post(
    "/api/auth/sharePost",
    { preHandler: rateLimit(ctx, "posts") },
    async (request, reply) => {
      const { originalPostId, caption } = sharePostSchema.parse(request.body);
      return reply
        .status(201)
        .send(await postsService.sharePost(ctx, requireActor(request), originalPostId, caption));
    },
  );

  app.post("/api/auth/reportPost", { preHandler: rateLimit(ctx, "reports") }, async (request) => {
    const { postId, reason, detail } = reportPostSchema.parse(request.body);
    return postsService.reportPost(ctx, requireActor(request), postId, reason, detail);
  });

  app.post(
    "/api/auth/commentPost",
    { preHandler: rateLimit(ctx, "comments") },
    async (request, reply) => {
      const { postid, comment } = commentSchema.parse(request.body);
      return reply
        .status(201)
        .send(await commentsService.addComment(ctx, requireActor(request), postid, comment));
    },
  );

  app.post("/api/auth/updateComment", async (request) => {
    const { postId, commentId, content } = updateCommentSchema.parse(request.body);
    return commentsService.updateComment(ctx, requireActor(request), postId, commentId, content);
  });

  app.post("/api/auth/deleteComment", async (request) => {
    const { postId, commentId } = deleteCommentSchema.parse(request.body);
    await commentsService.deleteComment(ctx, requireActor(request), postId, commentId);
    return { ok: true };
  });

  app.post("/api/auth/likeComment", async (request) => {
    const { postId, commentId, action } = likeCommentSchema.parse(request.body);
    return commentsService.likeComment(ctx, requireActor(request), postId, commentId, action);
  });

  app.get("/api/auth/commentLikes", async (request) => {
    const { postId, commentId, page, limit } = likesPageQuerySchema.parse(request.query);
    if (!commentId) throw badRequest(POST_MESSAGES.commentNotFound);
    return commentsService.listCommentLikes(
      ctx,
      requireActor(request),
      postId,
      commentId,
      page,
      limit,
    );
  });
}
