/** An outgoing request's answer was longer than the reader allows; the rest was never read. */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer was larger than ${describeBytes(maxBytes)}; the rest was not read.`);
    this.name = 'AnswerTooLarge';
  }
}

/** 65536 → "64 KB", 5242880 → "5 MB". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

interface Answer {
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/**
 * An answer's body as text, read as it streams in and abandoned (the connection cancelled) once it passes `maxBytes`:
 * a timeout bounds how long a hostile or broken server may talk, this bounds how much of it we hold. A declared
 * Content-Length over the cap is refused before a byte is read.
 */
export async function readCappedText(res: Answer, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let read = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The same answer whose body reads at most `maxBytes` (text(), json() and arrayBuffer() reject past it), for callers
 * that read a Response themselves.
 */
export function cappedResponse(res: Response, maxBytes: number): Response {
  if (!res.body || NULL_BODY_STATUSES.has(res.status)) return res;
  const declared = Number(res.headers.get('content-length'));
  let read = 0;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        if (Number.isFinite(declared) && declared > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
      },
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > maxBytes) controller.error(new AnswerTooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
