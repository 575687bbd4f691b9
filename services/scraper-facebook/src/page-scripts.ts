// Functions Playwright runs inside the group page (serialised with toString, so they use
// nothing from this module's scope). The project compiles without the DOM library: the few
// page objects they touch are declared here.
interface El {
  innerText: string;
  textContent: string | null;
  href: string;
  src: string;
  parentElement: El | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  closest(selector: string): El | null;
  click(): void;
  dispatchEvent(event: unknown): boolean;
}
declare const document: {
  querySelectorAll(selector: string): ArrayLike<El>;
  body: { scrollHeight: number };
  title: string;
};
declare const window: { scrollTo(x: number, y: number): void };
declare const MouseEvent: new (type: string, init: { bubbles: boolean }) => unknown;
declare const FocusEvent: new (type: string, init: { bubbles: boolean }) => unknown;

/** One post as the page shows it; its id (and maybe its time) is worked out from `links` outside. */
export interface PagePost {
  text: string;
  /** Every link of the post: its address and what it shows (the permalink shows the time). */
  links: Array<[href: string, label: string]>;
  author: string;
  utime: string | null;
  datetime: string | null;
  images: string[];
}

/** Clicks every "see more" of the posts' texts; returns how many it clicked. */
export function expandSeeMore(labels: string[]): number {
  let clicked = 0;
  for (const b of Array.from(
    document.querySelectorAll('[data-ad-rendering-role="story_message"] [role="button"]'),
  )) {
    if (labels.includes((b.textContent ?? "").trim())) {
      b.click();
      clicked++;
    }
  }
  return clicked;
}

/**
 * Facebook fills some links (a post's timestamp, its permalink) only when the pointer comes
 * over them: do that for every placeholder link of the posts. Returns how many.
 */
export function revealLinks(): number {
  let n = 0;
  for (const a of Array.from(
    document.querySelectorAll('[role="article"] a[href="#"], [role="article"] a:not([href])'),
  )) {
    a.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    a.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    n++;
  }
  return n;
}

/** The feed's posts, top to bottom. Comments are articles nested in a post: they are left out. */
export function extractPosts(): PagePost[] {
  const out: PagePost[] = [];
  for (const a of Array.from(document.querySelectorAll('[role="article"]'))) {
    if (a.parentElement?.closest('[role="article"]')) continue;
    const message = a.querySelector('[data-ad-rendering-role="story_message"]');
    const author = a.querySelector(
      '[data-ad-rendering-role="profile_name"] a, h2 a, h3 a, h4 a, strong a',
    )?.textContent;
    const images = Array.from(
      a.querySelectorAll('img[data-visualcompletion="media-vc-image"], a[href*="/photo"] img'),
    ).map((i) => i.src);
    out.push({
      // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the post's line breaks
      text: message ? message.innerText : "",
      links: Array.from(a.querySelectorAll("a[href]")).map((l): [string, string] => [
        l.href,
        (l.getAttribute("aria-label") || l.textContent || "").trim().slice(0, 80),
      ]),
      author: (author ?? "").trim(),
      utime: a.querySelector("[data-utime]")?.getAttribute("data-utime") ?? null,
      datetime: a.querySelector("time[datetime]")?.getAttribute("datetime") ?? null,
      images: images.filter((src, i) => src.startsWith("http") && images.indexOf(src) === i),
    });
  }
  return out;
}

/**
 * The group's name as its page shows it: the header's h1 holds it as a link to the group (other
 * h1s, like the site's hidden "Facebook", link nowhere); failing that the window title, "(3) Name
 * | Facebook". Null when neither names it.
 */
export function groupName(): string | null {
  for (const a of Array.from(document.querySelectorAll('h1 a[href*="/groups/"]'))) {
    const name = (a.textContent ?? "").replace(/\s+/g, " ").trim();
    if (name) return name.slice(0, 200);
  }
  let title = document.title.trim();
  const bar = title.lastIndexOf("|");
  if (
    bar >= 0 &&
    title
      .slice(bar + 1)
      .trim()
      .toLowerCase() === "facebook"
  )
    title = title.slice(0, bar);
  title = title.replace(/^\(\d+\+?\)/, "").trim();
  return title && title.toLowerCase() !== "facebook" ? title.slice(0, 200) : null;
}

/** Whether the feed holds more than `n` posts (not comments): lazy loading brought more. */
export function postsMoreThan(n: number): boolean {
  return (
    Array.from(document.querySelectorAll('[role="article"]')).filter(
      (a) => !a.parentElement?.closest('[role="article"]'),
    ).length > n
  );
}

export function scrollToEnd(): void {
  window.scrollTo(0, document.body.scrollHeight);
}

/** A login form on the page: Facebook shows it in place of the feed when the session is gone. */
export function hasLoginForm(): boolean {
  return document.querySelectorAll('form#login_form, form[action*="/login"], input[name="pass"]').length > 0;
}
