import { describe, expect, it } from "vitest";
import { postPolicy } from "./policy.ts";

const author = { id: "author", role: "user" };
const owner = { id: "owner", role: "user" };
const stranger = { id: "stranger", role: "user" };
const moderator = { id: "mod", role: "Moderator" };
const admin = { id: "adm", role: "admin" };
const post = { authorId: "author", profileOwnerId: "owner" };
const comment = { authorId: "stranger" };

describe("post policy", () => {
  it.each([
    ["author", author, true, true],
    ["page owner", owner, false, true],
    ["stranger", stranger, false, false],
    ["moderator", moderator, false, true],
    ["admin (any case)", admin, false, true],
  ])("%s: edit %s, delete %s", (_name, actor, edit, del) => {
    expect(postPolicy.editPost(actor, post)).toBe(edit);
    expect(postPolicy.deletePost(actor, post)).toBe(del);
  });

  it.each([
    ["comment author", stranger, true, true],
    ["post author", author, false, true],
    ["page owner", owner, false, false],
    ["moderator", moderator, false, true],
    ["admin", admin, false, true],
  ])("comments — %s: edit %s, delete %s", (_name, actor, edit, del) => {
    expect(postPolicy.editComment(actor, comment)).toBe(edit);
    expect(postPolicy.deleteComment(actor, comment, post)).toBe(del);
  });
});
