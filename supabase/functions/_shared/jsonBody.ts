// Reads a function's JSON body without ever holding more than it allows: a declared Content-Length over the limit is
// refused before reading, and a body that grows past it (chunked, or lying about its length) is cut off.

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 413 | 415 | 400; error: 'too_large' | 'unsupported_media_type' | 'invalid_json' };

export type RawBody = { ok: true; bytes: Uint8Array } | { ok: false; status: 413; error: 'too_large' };

/** The body's bytes, or too_large as soon as it is known to be over the limit (declared or read). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<RawBody> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return { ok: false, status: 413, error: 'too_large' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, status: 413, error: 'too_large' };
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return { ok: false, status: 415, error: 'unsupported_media_type' };
  }
  const body = await readBodyBytes(request, maxBytes);
  if (!body.ok) return body;
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes)) };
  } catch {
    return { ok: false, status: 400, error: 'invalid_json' };
  }
}
