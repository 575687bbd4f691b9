/**
 * The admin's ordinary Markdown → Telegram's MarkdownV2 (https://core.telegram.org/bots/api#markdownv2-style).
 *
 * Understood: **bold** and __bold__, *italic* and _italic_, ***both***, ~~strikethrough~~,
 * `code`, ``` fenced blocks ```, [text](https://…) links, `>` quotes at a line's start, and
 * backslash escapes (\* is a star). Everything else is text, with every character MarkdownV2
 * reserves escaped. Emphasis follows CommonMark's flanking rule: a * or _ opens only before a
 * non-space and closes only after one, and _ never inside a word, so "5 * 3", "- item" and
 * snake_case stay text. What cannot be meant as text — an opened ** or ` never closed, emphasis
 * that overlaps, a link whose address is not http(s) — is refused with a MarkdownError saying
 * where, rather than sent and refused by Telegram ("can't parse entities").
 */
export class MarkdownError extends Error {
  override name = "MarkdownError";
}

export interface Converted {
  /** MarkdownV2, for sendMessage with parse_mode "MarkdownV2". */
  text: string;
  /** What the reader sees: Telegram's 4096-character limit counts this. */
  plain: string;
  /** The formatting of `plain`, as Telegram describes a message's (offsets in UTF-16 units). */
  entities: Entity[];
}

export interface Entity {
  type: "bold" | "italic" | "strikethrough" | "code" | "pre" | "text_link" | "blockquote";
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

const RESERVED = /[_*[\]()~`>#+\-=|{}.!\\]/g;
/** Text outside entities: every reserved character escaped. */
export const escapeText = (s: string) => s.replace(RESERVED, "\\$&");
/** Inside code and pre only ` and \ are escaped; inside a link's address only ) and \. */
const escapeCode = (s: string) => s.replace(/[`\\]/g, "\\$&");
const escapeUrl = (s: string) => s.replace(/[)\\]/g, "\\$&");

type Style = "bold" | "italic" | "strike";
const MARK: Record<Style, string> = { bold: "*", italic: "_", strike: "~" };
const NAME: Record<Style, string> = { bold: "Bold", italic: "Italic", strike: "Strikethrough" };
const ENTITY = { bold: "bold", italic: "italic", strike: "strikethrough" } as const;
interface Open {
  style: Style;
  /** The delimiter as written (**, *, __, _, ~~), matched by its closer. */
  delim: string;
  at: number;
  /** Where its text starts in `plain`. */
  from: number;
  /** False for a style already open further out (Telegram does not nest a style in itself). */
  emitted: boolean;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/u.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
/** ``` and an info string with no backtick, alone on its line: a fenced block (else inline code). */
const FENCE = /```[^`\n]*(\n|$)/y;
const fenceAt = (src: string, i: number) => {
  FENCE.lastIndex = i;
  return FENCE.test(src);
};

/** Where in the text, for a person: line and column, counted from 1. */
function where(src: string, at: number): string {
  const before = src.slice(0, at);
  const line = before.split("\n").length;
  return `line ${line}, column ${at - before.lastIndexOf("\n")}`;
}

export function toMarkdownV2(src: string): Converted {
  return new Converter(src).run();
}

class Converter {
  #src: string;
  #out = "";
  #plain = "";
  #entities: Entity[] = [];
  #stack: Open[] = [];
  /** Closers match only what was opened above this depth (inside a link: its own text). */
  #floor = 0;
  /** A `>` line being converted: where its text starts in `plain`. */
  #quote: number | undefined;
  /** The last thing written was an italic marker (two in a row would read as underline). */
  #afterItalic = false;

  constructor(src: string) {
    this.#src = src.replace(/\r\n?/g, "\n");
  }

  run(): Converted {
    this.#inline(0, this.#src.length, true);
    this.#endQuote();
    // Outer first: by where it starts, the longer first, a block around the text in it first.
    const rank = (e: Entity) => (e.type === "blockquote" ? 0 : 1);
    this.#entities.sort((a, b) => a.offset - b.offset || b.length - a.length || rank(a) - rank(b));
    return { text: this.#out, plain: this.#plain, entities: this.#entities };
  }

  #text(s: string): void {
    if (s === "\n") this.#endQuote();
    this.#out += escapeText(s);
    this.#plain += s;
    this.#afterItalic = false;
  }

  #entity(type: Entity["type"], offset: number, extra: Partial<Entity> = {}): void {
    const length = this.#plain.length - offset;
    if (length > 0) this.#entities.push({ type, offset, length, ...extra });
  }

  #endQuote(): void {
    if (this.#quote !== undefined) this.#entity("blockquote", this.#quote);
    this.#quote = undefined;
  }

  #marker(style: Style): void {
    // "__" opens or closes underline in MarkdownV2: an empty bold entity keeps two italics apart.
    if (style === "italic" && this.#afterItalic) this.#out += "**";
    this.#out += MARK[style];
    this.#afterItalic = style === "italic";
  }

  /** Converts src[from, to): text, emphasis, code, and (outside a link's text) links and blocks. */
  #inline(from: number, to: number, top: boolean): void {
    const src = this.#src;
    const depth = this.#stack.length;
    let i = from;
    while (i < to) {
      const c = src[i] as string;
      const lineStart = i === 0 || src[i - 1] === "\n";
      if (c === "\\" && i + 1 < to && ASCII_PUNCT.test(src[i + 1] as string)) {
        this.#text(src[i + 1] as string);
        i += 2;
      } else if (top && lineStart && fenceAt(src, i)) {
        i = this.#fence(i, to);
      } else if (c === "`") {
        i = this.#code(i, to);
      } else if (top && lineStart && c === ">") {
        this.#out += ">";
        this.#afterItalic = false;
        this.#quote = this.#plain.length;
        i += src[i + 1] === " " ? 2 : 1;
      } else if (c === "[" && top) {
        i = this.#link(i, to);
      } else if (c === "*" || c === "_" || c === "~") {
        i = this.#delimiter(i, to);
      } else {
        this.#text(c);
        i++;
      }
    }
    if (this.#stack.length > depth) {
      const open = this.#stack[this.#stack.length - 1] as Open;
      throw new MarkdownError(
        `${NAME[open.style]} opened with ${open.delim} at ${where(src, open.at)} is not closed${top ? "" : " inside the link's text"}`,
      );
    }
  }

  /** A run of *, _ or ~: opens, closes, or is text. */
  #delimiter(i: number, to: number): number {
    const src = this.#src;
    const c = src[i] as string;
    let n = 1;
    while (i + n < to && src[i + n] === c) n++;
    const before = i > 0 ? src[i - 1] : undefined;
    const after = i + n < to ? src[i + n] : undefined;
    const styles: Style[] | undefined =
      c === "~"
        ? n === 2
          ? ["strike"]
          : undefined
        : n === 1
          ? ["italic"]
          : n === 2
            ? ["bold"]
            : n === 3
              ? ["bold", "italic"]
              : undefined;
    let canOpen = !isSpace(after);
    let canClose = !isSpace(before);
    if (c === "_") {
      canOpen &&= !isWordChar(before);
      canClose &&= !isWordChar(after);
    }
    if (!styles || (!canOpen && !canClose)) {
      this.#text(src.slice(i, i + n));
      return i + n;
    }
    const delimOf = (s: Style) => c.repeat(s === "bold" ? 2 : s === "strike" ? 2 : 1);
    const closing = [...styles].reverse();
    const top = this.#stack.slice(-closing.length);
    const matches =
      this.#stack.length - closing.length >= this.#floor &&
      top.every((o, k) => o.delim === delimOf(closing[closing.length - 1 - k] as Style));
    if (canClose && matches) {
      for (const _ of closing) {
        const open = this.#stack.pop() as Open;
        if (!open.emitted) continue;
        this.#marker(open.style);
        this.#entity(ENTITY[open.style], open.from);
      }
      return i + n;
    }
    const crossed = this.#stack.find((o) => styles.some((s) => o.delim === delimOf(s)));
    if (canClose && crossed)
      throw new MarkdownError(
        `${NAME[crossed.style]} opened with ${crossed.delim} at ${where(src, crossed.at)} overlaps other formatting: close the inner one first`,
      );
    if (!canOpen) {
      this.#text(src.slice(i, i + n));
      return i + n;
    }
    for (const style of styles) {
      const emitted = !this.#stack.some((o) => o.style === style);
      this.#stack.push({ style, delim: delimOf(style), at: i, from: this.#plain.length, emitted });
      if (emitted) this.#marker(style);
    }
    return i + n;
  }

  /** `code` (any run of backticks, closed by the same run). */
  #code(i: number, to: number): number {
    const src = this.#src;
    let n = 1;
    while (i + n < to && src[i + n] === "`") n++;
    const run = "`".repeat(n);
    let end = src.indexOf(run, i + n);
    while (end !== -1 && src[end + n] === "`") {
      let skip = end;
      while (src[skip] === "`") skip++;
      end = src.indexOf(run, skip);
    }
    if (end === -1 || end >= to)
      throw new MarkdownError(`Code opened with ${run} at ${where(src, i)} is not closed`);
    let body = src.slice(i + n, end);
    if (/^ .* $/s.test(body) && body.trim()) body = body.slice(1, -1);
    if (!body) throw new MarkdownError(`Empty code at ${where(src, i)}`);
    this.#out += `\`${escapeCode(body)}\``;
    this.#plain += body;
    this.#entity("code", this.#plain.length - body.length);
    this.#afterItalic = false;
    return end + n;
  }

  /** ```lang … ``` on lines of their own. */
  #fence(i: number, to: number): number {
    const src = this.#src;
    const eol = src.indexOf("\n", i);
    const language = (eol === -1 ? src.slice(i + 3, to) : src.slice(i + 3, eol)).trim();
    const close = eol === -1 ? -1 : src.indexOf("\n```", eol - 1);
    if (eol === -1 || close === -1 || close >= to)
      throw new MarkdownError(`Code block opened with \`\`\` at ${where(src, i)} is not closed`);
    const body = src.slice(eol + 1, close);
    const lang = /^[\w+-]{1,32}$/.test(language) ? language : "";
    this.#out += `\`\`\`${lang}\n${escapeCode(body)}\n\`\`\``;
    this.#plain += body;
    this.#entity("pre", this.#plain.length - body.length, lang ? { language: lang } : {});
    this.#afterItalic = false;
    let next = close + 4;
    while (src[next] === "`") next++;
    return next;
  }

  /** [text](address); a [ that does not start one is text. */
  #link(i: number, to: number): number {
    const src = this.#src;
    let depth = 0;
    let close = -1;
    for (let k = i + 1; k < to; k++) {
      const c = src[k];
      if (c === "\\") k++;
      else if (c === "\n" && src[k + 1] === "\n") break;
      else if (c === "[") depth++;
      else if (c === "]" && depth-- === 0) {
        close = k;
        break;
      }
    }
    if (close === -1 || src[close + 1] !== "(") {
      this.#text("[");
      return i + 1;
    }
    let end = -1;
    let parens = 0;
    for (let k = close + 2; k < to; k++) {
      const c = src[k];
      if (c === "\\") k++;
      else if (c === "(") parens++;
      else if (c === ")" && parens-- === 0) {
        end = k;
        break;
      } else if (c === "\n") break;
    }
    if (end === -1)
      throw new MarkdownError(`The link at ${where(src, i)} has no closing ) after its address`);
    const url = src.slice(close + 2, end).trim();
    if (!/^(https?:\/\/|tg:\/\/|mailto:)\S+$/i.test(url) || !URL.canParse(url))
      throw new MarkdownError(
        `The link at ${where(src, i)} needs an address starting with https:// or http://, not "${url.slice(0, 80)}"`,
      );
    if (!src.slice(i + 1, close).trim()) throw new MarkdownError(`The link at ${where(src, i)} has no text`);
    this.#out += "[";
    this.#afterItalic = false;
    const from = this.#plain.length;
    const floor = this.#floor;
    this.#floor = this.#stack.length;
    this.#inline(i + 1, close, false);
    this.#floor = floor;
    this.#out += `](${escapeUrl(url)})`;
    this.#entity("text_link", from, { url });
    this.#afterItalic = false;
    return end + 1;
  }
}
