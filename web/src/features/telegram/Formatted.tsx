// The conversion the telegram service sends with: the preview shows what Telegram will show, and
// the same refusal ("Bold opened with ** … is not closed") before anything is sent.
import { type Entity, MarkdownError, toMarkdownV2 } from "@dirabot/api/telegram-markdown.ts";
import clsx from "clsx";
import type { ReactNode } from "react";
import { i18n } from "../../i18n/index.ts";
import styles from "./Formatted.module.css";

export type Preview = { ok: true; nodes: ReactNode[] } | { ok: false; error: string };

/** The admin's Markdown as Telegram will show it, or why it cannot be sent. */
export function preview(markdown: string): Preview {
  try {
    const { plain, entities } = toMarkdownV2(markdown);
    return { ok: true, nodes: render(plain, entities, 0, plain.length) };
  } catch (err) {
    if (err instanceof MarkdownError)
      return { ok: false, error: i18n.t("telegram:direct.invalid", { error: err.message }) };
    throw err;
  }
}

/**
 * A message's text: a direct message's Markdown formatted, anything else as written; its direction
 * is its own (a Hebrew message reads right to left on an English screen, and the other way).
 */
export function Formatted({
  text,
  markdown,
  className,
}: {
  text: string;
  markdown: boolean;
  className?: string;
}) {
  const shown = markdown ? preview(text) : undefined;
  return (
    <span className={clsx(styles.formatted, className)} dir="auto">
      {shown?.ok ? shown.nodes : text}
    </span>
  );
}

/** Text with entities nested inside each other (outer first), as React elements. */
function render(plain: string, entities: Entity[], from: number, to: number): ReactNode[] {
  const out: ReactNode[] = [];
  let at = from;
  let i = 0;
  while (i < entities.length) {
    const e = entities[i] as Entity;
    const end = e.offset + e.length;
    let j = i + 1;
    while (j < entities.length && (entities[j] as Entity).offset < end) j++;
    if (e.offset > at) out.push(plain.slice(at, e.offset));
    out.push(wrap(e, render(plain, entities.slice(i + 1, j), e.offset, end), out.length));
    at = end;
    i = j;
  }
  if (at < to) out.push(plain.slice(at, to));
  return out;
}

function wrap(e: Entity, children: ReactNode[], key: number): ReactNode {
  switch (e.type) {
    case "bold":
      return <strong key={key}>{children}</strong>;
    case "italic":
      return <em key={key}>{children}</em>;
    case "strikethrough":
      return <s key={key}>{children}</s>;
    case "code":
      return <code key={key}>{children}</code>;
    case "pre":
      return (
        <pre key={key}>
          <code>{children}</code>
        </pre>
      );
    case "blockquote":
      return <blockquote key={key}>{children}</blockquote>;
    case "text_link":
      return (
        <a key={key} href={e.url} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
  }
}
