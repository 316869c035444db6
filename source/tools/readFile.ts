// read_file: a page of a text file with cat -n style line numbers; records the read so edits may follow.
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { statIfExists } from './fileEdits.js';
import { resolveToolPath } from './paths.js';
import { adviceError, defineTool, errorResult, textResult } from './types.js';
import { formatInt } from '../util/format.js';

export interface ReadFileArgs {
  path: string;
  offset?: number;
  limit?: number;
}

const defaultReadLines = 2_000;
const maxLineChars = 2_000;
/** Stops a page early when it grows past this, so one read stays within the runner's limit for read_file. */
const maxPageChars = 60_000;
/** Past this size the rest of the file is not scanned just to count its lines. */
const countLinesUpToBytes = 50 * 1024 * 1024;

const binaryExtensions = new Set(
  (
    'png jpg jpeg gif webp bmp ico tif tiff psd pdf zip gz tgz bz2 xz zst 7z rar tar jar war class exe dll so dylib ' +
    'o a lib obj wasm pyc pyo mp3 mp4 m4a wav flac ogg mov avi mkv webm woff woff2 ttf otf eot sqlite sqlite3 db bin dat iso dmg'
  ).split(' '),
);

async function looksBinary(realPath: string): Promise<boolean> {
  if (binaryExtensions.has(path.extname(realPath).slice(1).toLowerCase())) return true;
  const handle = await fs.open(realPath, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/** Images up to this size go to the model as images (Anthropic's limit per image). */
const maxImageBytes = 5 * 1024 * 1024;

/** The image type by its first bytes (not its name): PNG, JPEG, GIF or WebP; undefined for anything else. */
function sniffImageType(head: Buffer): string | undefined {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

async function imageTypeOf(realPath: string): Promise<string | undefined> {
  const handle = await fs.open(realPath, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffImageType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const formatLine = (n: number, line: string): string => {
  const text = line.length > maxLineChars ? `${line.slice(0, maxLineChars)} … [line cut: ${formatInt(line.length - maxLineChars)} more characters]` : line;
  return `${String(n).padStart(6)}\t${text}`;
};

interface Page {
  lines: string[];
  /** Lines in the file, or undefined when the file was too big to count. */
  total: number | undefined;
  nextOffset: number | undefined;
}

/** A page of text an editor gave, numbered as readPage numbers the disk's lines. */
function pageOfText(text: string, offset: number, limit: number): Page {
  const all = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const lines: string[] = [];
  let chars = 0;
  let nextOffset: number | undefined;
  for (let n = offset; n <= all.length; n++) {
    if (lines.length >= limit || chars >= maxPageChars) {
      nextOffset = n;
      break;
    }
    const formatted = formatLine(n, all[n - 1]);
    lines.push(formatted);
    chars += formatted.length + 1;
  }
  return { lines, total: all.length, nextOffset };
}

async function readPage(realPath: string, size: number, offset: number, limit: number, signal: AbortSignal): Promise<Page> {
  // Loaded when a page is read, not while rein starts (about 2 ms before the first request).
  const { createInterface } = await import('node:readline');
  const stream = createReadStream(realPath, { encoding: 'utf8', signal });
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  const lines: string[] = [];
  let chars = 0;
  let lineNo = 0;
  let nextOffset: number | undefined;
  try {
    for await (const line of reader) {
      lineNo++;
      if (lineNo < offset) continue;
      if (nextOffset === undefined && lines.length < limit && chars < maxPageChars) {
        const formatted = formatLine(lineNo, line);
        lines.push(formatted);
        chars += formatted.length + 1;
        continue;
      }
      nextOffset ??= lineNo;
      if (size > countLinesUpToBytes) return { lines, total: undefined, nextOffset };
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  return { lines, total: lineNo, nextOffset };
}

export const readFileTool = defineTool<ReadFileArgs>({
  name: 'read_file',
  description:
    'Read a text file, lines numbered like `cat -n` (number and tab are not in the file): 2000 lines unless offset and limit say otherwise; ' +
    'lines over 2000 characters are cut. PNG, JPEG, GIF and WebP images up to 5 MB come as images; other binaries are refused. ' +
    'Call it several times in one response to read files in parallel.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      offset: { type: 'integer', minimum: 1, description: 'First line, 1-based' },
      limit: { type: 'integer', minimum: 1 },
    },
    required: ['path'],
    additionalProperties: false,
  },
  readOnly: true,
  kind: 'read',
  pathArguments: ['path'],
  summarize: (args, show) => show(args.path),

  async execute(args, ctx) {
    const resolved = await resolveToolPath(args.path, ctx, 'read');
    if (!resolved.ok) return adviceError(resolved.error);
    const { real, display } = resolved.path;
    const stat = await statIfExists(real);
    if (!stat) {
      return adviceError(`${display} does not exist; use glob to find the file (for example pattern "**/${path.basename(real)}").`);
    }
    if (stat.isDirectory()) return adviceError(`${display} is a folder, not a file; use glob to list its files.`);
    // Pipes and devices could block or never end.
    if (!stat.isFile()) return errorResult(`${display} is not a regular file (a pipe, socket or device); read_file only reads files.`);
    const imageType = await imageTypeOf(real);
    if (imageType) {
      const size = `${(stat.size / 1024).toFixed(1)} KB`;
      if (stat.size > maxImageBytes) return adviceError(`${display} is an image of ${size}, larger than the 5 MB read_file passes on; make a smaller copy to look at it.`);
      const data = (await fs.readFile(real, { signal: ctx.signal })).toString('base64');
      return { ...textResult(`Image ${display} (${imageType}, ${size}).`), images: [{ type: 'image', mediaType: imageType, data }] };
    }
    if (await looksBinary(real)) return errorResult(`${display} is a binary file; read_file only shows text files and PNG, JPEG, GIF and WebP images.`);

    const offset = args.offset ?? 1;
    const limit = args.limit ?? defaultReadLines;
    const page = ctx.files ? pageOfText(await ctx.files.readText(real), offset, limit) : await readPage(real, stat.size, offset, limit, ctx.signal);
    ctx.state.files.record(real, stat);

    if (page.total === 0) return textResult(`${display} is empty.`);
    if (page.lines.length === 0) {
      return adviceError(`offset ${offset} is past the end of ${display}, which has ${page.total ?? 'fewer'} lines; use a smaller offset.`);
    }
    const first = offset;
    const last = offset + page.lines.length - 1;
    let body = page.lines.join('\n');
    if (page.nextOffset !== undefined) {
      const more = page.total === undefined ? 'more lines follow' : `${formatInt(page.total - last)} more lines`;
      body += `\n… ${more}; read on with offset=${page.nextOffset}`;
    }
    const of = page.total === undefined ? '' : ` of ${page.total}`;
    return textResult(body, false, `Read ${display}: lines ${first}–${last}${of}`);
  },
});
