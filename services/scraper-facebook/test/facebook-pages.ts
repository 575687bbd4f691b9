import type { DoublePost } from "./facebook-double.ts";

// The markup of the double's pages, after the structure of Facebook's group feed: a feed of
// `div[role=article]`, the post text in `[data-ad-rendering-role="story_message"]` cut short
// with a "see more" button whose script reveals the rest, the permalink on the timestamp,
// photos, and comments as nested articles.

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => `<div dir="auto">${esc(l)}</div>`)
    .join("");

const SEE_MORE = ["ראה עוד", "See more", "עוד"];
const CUT = 90;

// The three permalink shapes Facebook uses for a group post.
function permalink(p: DoublePost, i: number): string {
  if (i % 3 === 1) return `/groups/${p.groupId}/permalink/${p.id}/`;
  if (i % 3 === 2) return `/permalink.php?story_fbid=${p.id}&id=${p.groupId}`;
  return `/groups/${p.groupId}/posts/${p.id}/?__cft__[0]=AZX`;
}

// Every fourth post's timestamp link is a placeholder until the pointer is over it (as on
// Facebook), and it has no comment whose link would give its id away.
const hoverLink = (i: number) => i % 4 === 3;

// Posts at every third place but the first show only a relative time ("3 שע׳"), as today's
// Facebook does; the others keep the old data-utime.
function timeLabel(p: DoublePost, i: number): string {
  if (i % 3 !== 2) return `<abbr data-utime="${Math.floor(p.at.getTime() / 1000)}">3 שע׳</abbr>`;
  const minutes = Math.floor((Date.now() - p.at.getTime()) / 60_000);
  if (minutes < 1) return "עכשיו";
  if (minutes < 60) return `${minutes} דק׳`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} שע׳`;
  return `${Math.floor(minutes / 1440)} ימים`;
}

function article(p: DoublePost, i: number): string {
  const long = p.text.length > CUT;
  const shown = long
    ? `${lines(p.text.slice(0, CUT))}<span>… </span><div role="button" tabindex="0" class="see-more" data-post="${p.id}">${SEE_MORE[i % 3]}</div>`
    : lines(p.text);
  const photos = p.images
    .map(
      (src, k) =>
        `<a href="/photo/?fbid=${p.id}${k}"><img data-visualcompletion="media-vc-image" src="${src}" width="500" height="375" alt=""></a>`,
    )
    .join("");
  return `<div role="article" aria-posinset="${i + 1}" class="post">
  <div class="head"><img src="/img/avatar.png" width="40" height="40" alt="">
    <h3><span><a href="/profile.php?id=1000${i}">${esc(p.author)}</a></span></h3>
    <span>${p.noLink ? `<span>${timeLabel(p, i)}</span>` : `<a ${hoverLink(i) ? `href="#" data-href="${esc(permalink(p, i))}"` : `href="${esc(permalink(p, i))}"`}>${timeLabel(p, i)}</a>`}</span></div>
  <div data-ad-rendering-role="story_message"><div class="msg" id="m${p.id}">${shown}</div></div>
  <div class="media">${photos}</div>
  <div class="comments">${
    hoverLink(i) || p.noLink
      ? ""
      : `<div role="article" aria-label="תגובה"><div dir="auto">מעוניינת, שלחתי הודעה</div>
    <a href="/groups/${p.groupId}/posts/${p.id}/?comment_id=9${i}">שעה</a></div>`
  }</div>
</div>`;
}

/** A slice of a feed: its articles and the full texts the see-more buttons reveal. */
export function renderPosts(
  posts: DoublePost[],
  offset: number,
): { html: string; full: Record<string, string> } {
  return {
    html: posts.map((p, k) => article(p, offset + k)).join("\n"),
    full: Object.fromEntries(posts.map((p) => [p.id, lines(p.text)])),
  };
}

/**
 * A group's page: the header with the group's name as a link to the group in an h1, as Facebook
 * shows it (left out when `header` is false), then the feed. The window title follows Facebook's
 * "(unread) Name | Facebook", or is "Facebook" when `name` is null.
 */
export function renderFeed(
  groupId: string,
  { name, header: withHeader }: { name: string | null; header: boolean },
  first: DoublePost[],
  pageSize: number,
  total: number,
): string {
  const page = renderPosts(first, 0);
  const header =
    name && withHeader
      ? `<div class="cover"><h1 dir="auto"><span><a href="/groups/${esc(groupId)}/" role="link">${esc(name)}</a></span></h1>
  <span>קבוצה פרטית · 12.4K חברים</span></div>`
      : "";
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>${name ? `(3) ${esc(name)} | ` : ""}Facebook</title>
<style>.post{min-height:420px;border-bottom:1px solid #ccc;padding:8px;font:15px sans-serif}.see-more{display:inline;font-weight:bold;cursor:pointer}</style></head>
<body><div role="banner"><h1>Facebook</h1></div><div role="main">${header}<div role="feed" id="feed"></div></div>
<script>
const full = ${JSON.stringify(page.full)};
// The feed renders after the page has loaded, as Facebook's does.
setTimeout(() => document.getElementById("feed").insertAdjacentHTML("beforeend", ${JSON.stringify(page.html).replaceAll("</", "<\\/")}), 150);
const reveal = (e) => {
  const a = e.target.closest && e.target.closest("a[data-href]");
  if (a) a.setAttribute("href", a.dataset.href);
};
document.addEventListener("mouseover", reveal);
document.addEventListener("focusin", reveal);
let offset = ${Math.min(pageSize, total)}, done = ${total <= pageSize}, loading = false;
document.addEventListener("click", (e) => {
  const b = e.target.closest(".see-more");
  if (!b) return;
  document.getElementById("m" + b.dataset.post).innerHTML = full[b.dataset.post];
});
window.addEventListener("scroll", async () => {
  if (loading || done || window.innerHeight + window.scrollY < document.body.scrollHeight - 300) return;
  loading = true;
  const r = await fetch("/groups/${groupId}/more?offset=" + offset);
  if (r.ok) {
    const j = await r.json();
    Object.assign(full, j.full);
    document.getElementById("feed").insertAdjacentHTML("beforeend", j.html);
    offset = j.next; done = j.done;
  }
  loading = false;
});
</script></body></html>`;
}

export function renderLogin(kind: "login" | "checkpoint"): string {
  const body =
    kind === "login"
      ? `<form id="login_form" action="/login/device-based/regular/login/" method="post">
  <input type="text" name="email" placeholder="אימייל או מספר טלפון"><input type="password" name="pass" placeholder="סיסמה">
  <button name="login" type="submit">התחברות</button></form>`
      : `<h2>החשבון שלך נעול זמנית</h2><p>We suspended your account. Confirm your identity to continue.</p>`;
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>Facebook</title></head><body>${body}</body></html>`;
}
