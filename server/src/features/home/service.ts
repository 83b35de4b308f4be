import type { ContactInput } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { contactMessages } from "./schema.ts";

/** Stores a contact message and mails it to CONTACT_EMAIL when one is configured (decisions: Contact form). */
export async function submitContact(ctx: AppContext, input: ContactInput, ip: string) {
  await ctx.db.insert(contactMessages).values({ ...input, ip });
  if (ctx.config.CONTACT_EMAIL) {
    await ctx.mailer.send({
      to: ctx.config.CONTACT_EMAIL,
      subject: `[Airwave contact] ${input.subject}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
    });
  }
}
