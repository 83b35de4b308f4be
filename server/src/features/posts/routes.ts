import { POST_LIMITS, POST_MESSAGES, POSTS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { badRequest } from "../../platform/errors.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { readSingleFile } from "../uploads/multipart.ts";
import { maxImageBytes, saveImageUpload } from "../uploads/service.ts";
import * as commentsService from "./comments.ts";
import * as postsService from "./service.ts";

export function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = POSTS_ROUTES;

  // Feed pages arrive from PostgreSQL as JSON text (page-json.ts): sent on as they are.
  route(r.feed, async (request, reply) => {
    const { before, limit } = request.query;
    const json = await postsService.getFeed(ctx, requireActor(request), before, limit);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  route(r.userPosts, async (request, reply) => {
    const { id, before, limit } = request.query;
    const json = await postsService.getUserPosts(ctx, requireActor(request), id, before, limit);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  route(r.post, async (request) =>
    postsService.getPost(ctx, requireActor(request), request.params.id),
  );

  route(r.create, async (request) => {
    const input = request.body;
    return postsService.createPost(ctx, requireActor(request), {
      text: input.post,
      image: input.image,
      profileOwnerId: input.userid,
    });
  });

  route(r.createWithImage, async (request) => {
    const actor = requireActor(request);
    const { data, fields } = await readSingleFile(request, "imageFile", {
      maxBytes: maxImageBytes("post"),
    });
    const text = (fields.post ?? "").trim();
    if (text.length > POST_LIMITS.textMax) throw badRequest(POST_MESSAGES.tooLong);
    const { url } = await saveImageUpload(ctx, actor.id, "post", data);
    return postsService.createPost(ctx, actor, {
      text,
      image: url,
      profileOwnerId: fields.userid || undefined,
    });
  });

  route(r.update, async (request) => {
    const { postid, post } = request.body;
    return postsService.updatePost(ctx, requireActor(request), postid, post);
  });

  route(r.delete, async (request) => {
    await postsService.deletePost(ctx, requireActor(request), request.body.postid);
    return { ok: true };
  });

  route(r.like, async (request) => {
    const { postId, action } = request.body;
    return postsService.likePost(ctx, requireActor(request), postId, action);
  });

  route(r.likes, async (request) => {
    const { postId, page, limit } = request.query;
    return postsService.listPostLikes(ctx, requireActor(request), postId, page, limit);
  });

  route(r.share, async (request) => {
    const { originalPostId, caption } = request.body;
    return postsService.sharePost(ctx, requireActor(request), originalPostId, caption);
  });

  route(r.report, async (request) => {
    const { postId, reason, detail } = request.body;
    return postsService.reportPost(ctx, requireActor(request), postId, reason, detail);
  });

  route(r.comment, async (request) => {
    const { postid, comment } = request.body;
    return commentsService.addComment(ctx, requireActor(request), postid, comment);
  });

  route(r.updateComment, async (request) => {
    const { postId, commentId, content } = request.body;
    return commentsService.updateComment(ctx, requireActor(request), postId, commentId, content);
  });

  route(r.deleteComment, async (request) => {
    const { postId, commentId } = request.body;
    await commentsService.deleteComment(ctx, requireActor(request), postId, commentId);
    return { ok: true };
  });

  route(r.likeComment, async (request) => {
    const { postId, commentId, action } = request.body;
    return commentsService.likeComment(ctx, requireActor(request), postId, commentId, action);
  });

  route(r.commentLikes, async (request) => {
    const { postId, commentId, page, limit } = request.query;
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
