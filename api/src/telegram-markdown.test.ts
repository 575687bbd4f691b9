import { describe, expect, it } from "vitest";
import { escapeText, MarkdownError, toMarkdownV2 } from "./telegram-markdown.ts";

const v2 = (s: string) => toMarkdownV2(s).text;
const refusal = (s: string) => {
  try {
    toMarkdownV2(s);
  } catch (err) {
    expect(err).toBeInstanceOf(MarkdownError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${s}`);
};

describe("Markdown → MarkdownV2", () => {
  it("escapes every character MarkdownV2 reserves in plain text", () => {
    expect(escapeText("_*[]()~`>#+-=|{}.!\\")).toBe(
      "\\_\\*\\[\\]\\(\\)\\~\\`\\>\\#\\+\\-\\=\\|\\{\\}\\.\\!\\\\",
    );
    expect(v2("Rent: 6,500 ₪ (3.5 rooms) - call 050-1234567! #TLV = {great} | 1+1")).toBe(
      "Rent: 6,500 ₪ \\(3\\.5 rooms\\) \\- call 050\\-1234567\\! \\#TLV \\= \\{great\\} \\| 1\\+1",
    );
    expect(v2("שלום, דירה חדשה.")).toBe("שלום, דירה חדשה\\.");
  });

  it("converts bold, italic, both, strikethrough, code and links", () => {
    expect(v2("**New** flats in *Florentin*")).toBe("*New* flats in _Florentin_");
    expect(v2("__bold__ and _italic_ and ***both***")).toBe("*bold* and _italic_ and *_both_*");
    expect(v2("~~6,900~~ 6,500")).toBe("~6,900~ 6,500");
    expect(v2("run `npm start` now")).toBe("run `npm start` now");
    expect(v2("see [the flat (3.5)](https://dirabot.app/a_b?x=1) now.")).toBe(
      "see [the flat \\(3\\.5\\)](https://dirabot.app/a_b?x=1) now\\.",
    );
    expect(v2("[**bold** link](https://x.test/p)")).toBe("[*bold* link](https://x.test/p)");
    expect(v2("*italic **and bold** inside*")).toBe("_italic *and bold* inside_");
  });

  it("escapes ` and \\ inside code, ) and \\ inside a link's address", () => {
    expect(v2("`a\\b`")).toBe("`a\\\\b`");
    expect(v2("``a ` b``")).toBe("`a \\` b`");
    expect(v2("[wiki](https://en.wikipedia.org/wiki/Tel_Aviv_(city))")).toBe(
      "[wiki](https://en.wikipedia.org/wiki/Tel_Aviv_(city\\))",
    );
    expect(v2("```js\nconst a = `x` + 1; // _*[]\n```")).toBe("```js\nconst a = \\`x\\` + 1; // _*[]\n```");
  });

  it("keeps text that only looks like formatting as text", () => {
    expect(v2("5 * 3 = 15")).toBe("5 \\* 3 \\= 15");
    expect(v2("- item one\n- item two")).toBe("\\- item one\n\\- item two");
    expect(v2("snake_case_name")).toBe("snake\\_case\\_name");
    expect(v2("[1] and [2]")).toBe("\\[1\\] and \\[2\\]");
    expect(v2("a ~ b ~~~ c")).toBe("a \\~ b \\~\\~\\~ c");
    expect(v2("\\*not italic\\* and \\`tick")).toBe("\\*not italic\\* and \\`tick");
  });

  it("turns > lines into quotes and keeps emphasis of one style from nesting in itself", () => {
    expect(v2("> quoted *line*\nnext")).toBe(">quoted _line_\nnext");
    expect(v2("*a _b_ c*")).toBe("_a b c_");
    // Two italics side by side would read as underline (__): an empty bold entity keeps them apart.
    expect(v2("*a*_b_")).toBe("_a_**_b_");
  });

  it("describes what the reader sees: the plain text and its entities", () => {
    const r = toMarkdownV2("Hi **Dana**, see [it](https://x.test)\n> `code`");
    expect(r.plain).toBe("Hi Dana, see it\ncode");
    expect(r.entities).toEqual([
      { type: "bold", offset: 3, length: 4 },
      { type: "text_link", offset: 13, length: 2, url: "https://x.test" },
      { type: "blockquote", offset: 16, length: 4 },
      { type: "code", offset: 16, length: 4 },
    ]);
  });

  it("refuses Markdown it cannot mean as text, saying where", () => {
    expect(refusal("**unclosed bold")).toBe("Bold opened with ** at line 1, column 1 is not closed");
    expect(refusal("ok\nan *open italic")).toBe("Italic opened with * at line 2, column 4 is not closed");
    expect(refusal("a `code")).toBe("Code opened with ` at line 1, column 3 is not closed");
    expect(refusal("```\nno end")).toBe("Code block opened with ``` at line 1, column 1 is not closed");
    expect(refusal("**a *b** c*")).toMatch(
      /^Bold opened with \*\* at line 1, column 1 overlaps other formatting/,
    );
    expect(refusal("[x](javascript:alert(1))")).toMatch(/^The link at line 1, column 1 needs an address/);
    expect(refusal("[x](https://a.test")).toBe(
      "The link at line 1, column 1 has no closing ) after its address",
    );
    expect(refusal("[](https://a.test)")).toBe("The link at line 1, column 1 has no text");
    expect(refusal("[**x](https://a.test)**")).toBe(
      "Bold opened with ** at line 1, column 2 is not closed inside the link's text",
    );
  });
});
