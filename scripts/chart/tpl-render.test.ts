import { describe, expect, it } from "vitest";
import { templateFuncs } from "./funcs-helm.ts";
import { goStruct } from "./go-values.ts";
import { Engine } from "./tpl-exec.ts";

function render(src: string, data: unknown = {}, partials: Record<string, string> = {}): string {
  const engine = new Engine(templateFuncs());
  for (const [name, text] of Object.entries(partials)) engine.add(name, text);
  engine.add("t.yaml", src);
  return engine.execute("t.yaml", data);
}

describe("actions and whitespace", () => {
  it("prints fields, and nothing for a missing map key", () => {
    expect(render("a={{ .a.b }} m={{ .missing }}", { a: { b: "x" } })).toBe("a=x m=");
  });

  it("trims around {{- and -}} but reads {{-3}} as a number", () => {
    expect(render("a \n {{- 1 -}} \n b")).toBe("a1b");
    expect(render("[{{-3}}]")).toBe("[-3]");
    expect(render("x\n  {{- /* gone */}}\ny")).toBe("x\ny");
  });

  it("drops comments, even ones holding quotes or braces", () => {
    expect(render(`a{{/* it's "}}" */}}b`)).toBe("ab");
  });

  it("passes values through pipelines as the last argument", () => {
    expect(render(`{{ "dira" | upper | printf "%s-%d" 7 | quote }}`)).toBe(`"%!s(int=7)-%!d(string=DIRA)"`);
    expect(render(`{{ "dira" | upper | printf "%s!" }}`)).toBe("DIRA!");
    expect(render(`{{ (printf "%s.%s" "a" "b") | upper }}`)).toBe("A.B");
  });

  it("prints float64 values like Go (exponent from 1e+06)", () => {
    expect(render("{{ .a }} {{ .b }} {{ .c }} {{ 8080 }}", { a: 8080, b: 1000000, c: 0.5 })).toBe(
      "8080 1e+06 0.5 8080",
    );
  });
});

describe("variables and control structures", () => {
  it("scopes variables to their block and lets = assign outer ones", () => {
    expect(render("{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ $y := 3 }}{{ end }}{{ $x }}")).toBe("2");
    expect(() => render("{{ if true }}{{ $y := 3 }}{{ end }}{{ $y }}")).toThrow(/undefined variable: \$y/);
  });

  it("chooses if / else if / else branches by Go truth", () => {
    const t = "{{ if .a }}A{{ else if .b }}B{{ else }}C{{ end }}";
    expect(render(t, { a: [1] })).toBe("A");
    expect(render(t, { a: [], b: "x" })).toBe("B");
    expect(render(t, { a: {}, b: 0 })).toBe("C");
  });

  it("ranges over lists with index, over maps in key order, and falls to else when empty", () => {
    expect(render("{{ range $i, $v := .l }}{{ $i }}={{ $v }};{{ end }}", { l: ["a", "b"] })).toBe("0=a;1=b;");
    expect(render("{{ range $k, $v := .m }}{{ $k }}{{ $v }} {{ end }}", { m: { b: 2, a: 1 } })).toBe(
      "a1 b2 ",
    );
    expect(render("{{ range .l }}<{{ . }}>{{ else }}none{{ end }}", { l: [] })).toBe("none");
    expect(render("{{ range .l }}{{ .n }}{{ $.top }}{{ end }}", { l: [{ n: 1 }], top: "!" })).toBe("1!");
  });

  it("with rebinds the dot, and its else runs for empty values", () => {
    expect(render("{{ with .a }}{{ .b }}{{ else }}none{{ end }}", { a: { b: "x" } })).toBe("x");
    expect(render("{{ with .a }}{{ .b }}{{ else }}none{{ end }}", { a: "" })).toBe("none");
  });

  it("defines templates and calls them with template and include", () => {
    const partials = { "_h.tpl": `{{- define "greet" -}}hi {{ . }}{{- end -}}` };
    expect(render(`{{ template "greet" "bob" }}/{{ include "greet" "amy" | upper }}`, {}, partials)).toBe(
      "hi bob/HI AMY",
    );
    expect(() => render(`{{ define "loop" }}{{ include "loop" . }}{{ end }}{{ include "loop" 1 }}`)).toThrow(
      /nested reference/,
    );
  });
});

describe("functions", () => {
  it("toYaml sorts keys, leaves lists unindented and cuts the final newline; nindent/indent pad lines", () => {
    const out = render("x:{{ toYaml .v | nindent 2 }}", { v: { b: [1, "yes"], a: "on" } });
    expect(out).toBe('x:\n  a: "on"\n  b:\n  - 1\n  - "yes"');
    expect(render(`{{ "a\\nb" | indent 2 }}`)).toBe("  a\n  b");
  });

  it("default, required, quote, replace, trunc, trimSuffix, lower", () => {
    expect(
      render(`{{ .a | default "d" }} {{ .b | default "d" }} {{ .c | default "d" }}`, { a: "", b: 0, c: "v" }),
    ).toBe("d d v");
    expect(() => render(`{{ required "x is required" .x }}`)).toThrow(
      "execution error at (t.yaml:1): x is required",
    );
    expect(render(`{{ quote "a\\"b" 1 nil }}`)).toBe(`"a\\"b" "1"`);
    expect(render(`{{ "a-b-c" | replace "-" "_" }} {{ trunc 3 "abcdef" }} {{ trunc -2 "abcdef" }}`)).toBe(
      "a_b_c abc ef",
    );
    expect(render(`{{ "name-" | trimSuffix "-" }} {{ lower "ABC" }}`)).toBe("name abc");
  });

  it("eq/ne/and/or/not, with Go's refusal to compare int with float64", () => {
    expect(render(`{{ eq "a" "b" "a" }} {{ ne 1 2 }} {{ not "" }} {{ or 0 "" "z" }} {{ and 1 0 }}`)).toBe(
      "true true true z 0",
    );
    expect(render(`{{ and false (fail "never evaluated") }}`)).toBe("false");
    expect(() => render("{{ eq .n 1 }}", { n: 1 })).toThrow(/incompatible types for comparison/);
    expect(render("{{ eq (int .n) 1 }}", { n: 1 })).toBe("true");
  });

  it("dict, list, merge (keeps what dst has), toJson, b64enc", () => {
    expect(render(`{{ dict "b" 1 "a" (list 1 "x") | toJson }}`)).toBe('{"a":[1,"x"],"b":1}');
    expect(render(`{{ merge (dict "a" 1) (dict "a" 2 "b" 3) | toJson }}`)).toBe('{"a":1,"b":3}');
    expect(render(`{{ toJson "<&>" }}`)).toBe('"\\u003c\\u0026\\u003e"');
    expect(render(`{{ b64enc "dirabot" }}`)).toBe("ZGlyYWJvdA==");
  });

  it("calls struct methods and rejects unknown struct fields", () => {
    const caps = goStruct("*chartutil.Capabilities", {
      APIVersions: goStruct("VersionSet", { Has: (v: unknown) => v === "apps/v1" }),
    });
    expect(render(`{{ .C.APIVersions.Has "apps/v1" }}`, { C: caps })).toBe("true");
    expect(() => render("{{ .C.Nope }}", { C: caps })).toThrow(/can't evaluate field Nope/);
  });
});

describe("errors", () => {
  it("rejects an unknown function at parse time, even in a branch never taken", () => {
    expect(() => render("{{ if false }}{{ frobnicate 1 }}{{ end }}")).toThrow(
      't.yaml:1: function "frobnicate" not defined',
    );
  });

  it("reports structure errors with the line", () => {
    expect(() => render("a\n{{ .x ")).toThrow("t.yaml:2: unclosed action");
    expect(() => render("{{ end }}")).toThrow("unexpected {{end}}");
    expect(() => render("{{ if .x }}open")).toThrow(/missing \{\{end\}\}/);
    expect(() => render("{{ break }}")).toThrow(/not supported/);
  });

  it("checks argument counts and types like Go's reflective call", () => {
    expect(() => render(`{{ upper }}`)).toThrow("wrong number of args for upper: want 1 got 0");
    expect(() => render(`{{ upper .n }}`, { n: 2 })).toThrow(
      "wrong type for value; expected string; got float64",
    );
    expect(() => render(`{{ .a.b }}`, {})).toThrow("nil pointer evaluating interface {}.b");
    expect(() => render(`{{ .a "x" }}`, { a: 1 })).toThrow("can't give argument to non-function");
  });
});
