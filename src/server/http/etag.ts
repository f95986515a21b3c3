// Conditional GETs (app.ts onSend): the ETag is a digest of the exact body. A route that keeps
// its body ready-made keeps the ETag beside it, and the compressed forms once made, so a repeated
// read neither rebuilds, re-hashes nor re-compresses it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap, DEFAULT_MAX_ENTRIES } from '../bounded-map';

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Below this a compressed answer saves less than the work of making it.
const COMPRESS_FROM = 2048;
// Below these a body is compressed on the event loop rather than on the thread pool. A body sent
// often is compressed tightly, which is costly for a large one, so only under 32 KB: handing a 20
// KB answer to the pool and back cost more CPU than compressing it (~0.1 ms, and ~0.08 ms more for
// the handoff). A body sent once is compressed quickly, up to 1 MB: its reader waited a turn of the
// event loop for the pool's answer (6 ms at p50 under load, far more than the 0.5 ms a 456 KB month
// takes to compress), and a large school's month read at p50 in 25 ms instead of 14.
const COMPRESS_IN_LINE_UNDER: Record<SentHowOften, number> = { often: 32 * 1024, once: 1024 * 1024 };

/**
 * A brotli window just large enough for the whole body, from 16 bits up to brotli's default 22
 * (4 MB). The encoder allocates and clears its window on the event loop: the default 4 MB cost
 * 0.45 ms of main-thread time per answer for a 26 KB body (0.04 ms with 64 KB), and a window that
 * covers the body loses no back-reference, so the output is the same size.
 */
const brotliWindowBits = (size: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1))));

/**
 * How hard brotli works, by how often the body is sent (a body made to be sent once that is read
 * again is compressed again as one sent often: KeptBody.encode). A body read again and again (a kept month
 * of 2,000 occurrences) earns quality 7: 29 KB instead of 33 KB, made once. A body mostly sent once
 * (a conflicts answer to a question that keeps changing) takes quality 1, since it is made on the
 * event loop that every other request waits on: for the bench's 23 KB answer 2.1 KB instead of
 * quality 5's 1.5 KB, in 0.05 instead of 0.23 ms (quality 5 allocates and clears larger tables per
 * answer); under 32 fresh questions at once that alone took answers from ~950 to ~1,200 a second.
 */
export type SentHowOften = 'often' | 'once';
const BROTLI_QUALITY: Record<SentHowOften, number> = { often: 7, once: 1 };

/** A JSON answer kept ready to send: its text, ETag, and compressed forms made on first demand. */
export class KeptBody {
  private encoded = new Map<Encoding, Promise<Buffer>>();
  private digest?: string;

  /** `body`: JSON text, or its UTF-8 bytes. `etag`: when the caller knows one cheaper than a digest of the whole body. */
  constructor(
    readonly body: string | Buffer,
    private readonly sent: SentHowOften = 'often',
    etag?: string,
  ) {
    this.digest = etag;
  }

  /** Made on first use: an answer to a POST (the conflicts check) never needs one. */
  get etag(): string {
    this.digest ??= etagOf(this.body);
    return this.digest;
  }

  private utf8?: Buffer;

  get size() {
    return this.body.length;
  }

  /** The body as bytes, encoded once: a large answer is not re-encoded on every send. */
  bytes(): Buffer {
    this.utf8 ??= typeof this.body === 'string' ? Buffer.from(this.body) : this.body;
    return this.utf8;
  }

  /**
   * The body compressed, made once (a large one on the thread pool, off the event loop). A body
   * made to be sent once that is asked for again is worth compressing tightly after all: its
   * quick form serves until the tight one is ready, which then serves every later read.
   */
  encode(encoding: Encoding): Promise<Buffer> {
    const made = this.encoded.get(encoding);
    if (made && this.sent === 'once' && !this.tightened.has(encoding)) {
      this.tightened.add(encoding);
      const tight = compress(this.fresh(), encoding, 'often');
      tight.then(
        (buffer) => this.encoded.set(encoding, Promise.resolve(buffer)),
        () => undefined,
      );
    }
    if (made) return made;
    // A body sent once needs its bytes only to be compressed: they are not kept beside it.
    const fresh = compress(this.sent === 'once' ? this.fresh() : this.bytes(), encoding, this.sent);
    this.encoded.set(encoding, fresh);
    return fresh;
  }

  private tightened = new Set<Encoding>();

  /** The body as bytes without keeping text's encoding beside it. */
  private fresh(): Buffer {
    return typeof this.body === 'string' ? Buffer.from(this.body) : this.body;
  }
}

/** `input` compressed as `encoding`, as hard as how often it is sent earns. */
function compress(input: Buffer, encoding: Encoding, sent: SentHowOften): Promise<Buffer> {
  const options =
    encoding === 'br'
      ? {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[sent],
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
            [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(input.length),
          },
        }
      : { level: 6 };
  if (input.length < COMPRESS_IN_LINE_UNDER[sent])
    return Promise.resolve(
      encoding === 'br' ? zlib.brotliCompressSync(input, options) : zlib.gzipSync(input, options),
    );
  // One output buffer as large as the input: with zlib's default 16 KB, the thread pool hands
  // back each piece to the event loop (0.75 ms of its time for a 230 KB month, 0.26 ms so).
  const whole = { ...options, chunkSize: Math.max(zlib.constants.Z_DEFAULT_CHUNK, input.length) };
  return encoding === 'br' ? brotli(input, whole) : gzip(input, whole);
}

function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Sends a kept JSON body, compressed when the client accepts it (onSend answers a GET's 304
 * itself; conditional requests are for GETs only).
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = kept.size >= COMPRESS_FROM ? acceptedEncoding(request) : null;
  if (request.method === 'GET') {
    reply.header('etag', kept.etag);
    if (request.headers['if-none-match'] === kept.etag) return reply.send(kept.body);
  }
  if (!encoding) return reply.send(kept.bytes());
  return reply.header('content-encoding', encoding).send(await kept.encode(encoding));
}

/**
 * Bodies kept per key while their fingerprint (read from the database on every request, so
 * instances never serve each other's stale copies) stays the same. Bounded by total characters
 * and by entries; the least recently used go first. Used while the change feed is not listening
 * (db/change-feed.ts).
 */
export class FingerprintCache<K> {
  private readonly entries: BoundedMap<K, { fingerprint: string; kept: KeptBody }>;
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    this.entries = new BoundedMap(maxEntries, (_key, old) => {
      this.chars -= old.kept.size;
    });
  }

  get size() {
    return this.entries.size;
  }

  get max() {
    return this.entries.max;
  }

  set max(limit: number) {
    this.entries.max = limit;
  }

  get(key: K, fingerprint: string): KeptBody | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    return entry.kept;
  }

  set(key: K, fingerprint: string, body: string): KeptBody {
    const kept = new KeptBody(body);
    this.remove(key);
    if (body.length > this.maxChars / 4) return kept;
    while (this.chars + body.length > this.maxChars) this.remove(this.entries.oldest() as K);
    this.chars += body.length;
    this.entries.set(key, { fingerprint, kept });
    return kept;
  }

  private remove(key: K) {
    const old = this.entries.peek(key);
    if (!old) return;
    this.entries.delete(key);
    this.chars -= old.kept.size;
  }
}
