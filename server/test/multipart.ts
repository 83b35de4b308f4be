import { randomBytes } from "node:crypto";

/** One file of a multipart form: the name and type are what the browser claims, not checked. */
export interface FormFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A form: text fields and files, sent in this order (as a browser's FormData sends them). */
export type FormParts = Record<string, string | FormFile>;

const quote = (s: string) =>
  s.replaceAll('"', "%22").replaceAll("\r", "%0D").replaceAll("\n", "%0A");

/** A `multipart/form-data` body as browsers send it, with its Content-Type (boundary included). */
export function multipartBody(parts: FormParts): { body: Buffer; contentType: string } {
  const boundary = `----airwaveTest${randomBytes(12).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"`;
    if (typeof value === "string") {
      chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n"));
    } else {
      head += `; filename="${quote(value.filename)}"\r\nContent-Type: ${value.contentType}`;
      chunks.push(Buffer.from(`${head}\r\n\r\n`), value.data, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
